"""Writes the sample register of 500 rows, its corrected twin and the list of its errors.

`python -m register_import.sample.generate` rewrites the three files deterministically.
The errors are deliberate and one per line, each of the kind a clerk's spreadsheet holds:
the tests import the sample and must report exactly these, then import the corrected file
in full. Four more lines are deliberately *flagged*, not errors (Art. 69 keeps the current
authorizations): a CNH expired, a vehicle past its age, a vehicle not white and a holder
with a second current Termo; they are listed in `sinalizacoes-deliberadas.json`.
"""

from __future__ import annotations

import codecs
import datetime as dt
import io
import json
import random
from pathlib import Path

from validate_docbr import CNH, CPF, RENAVAM

from core.spreadsheets import write_table
from register_import.columns import COLUMNS

HERE = Path(__file__).parent
ROWS = 500
FIRST_NAMES = ["José", "Maria", "João", "Ana", "Antônio", "Francisca", "Carlos", "Paulo",
               "Lúcia", "Sebastião", "Luiz", "Adriana", "Márcio", "Cláudia", "Geraldo"]
LAST_NAMES = ["Silva", "Souza", "Oliveira", "Pereira", "Ferreira", "Alves", "Lima",
              "Gomes", "Ribeiro", "Carvalho", "Almeida", "Lopes", "Moreira", "Araújo"]
MODELS = [("Chevrolet", "Spin"), ("Fiat", "Cronos"), ("Volkswagen", "Virtus"),
          ("Toyota", "Corolla"), ("Renault", "Logan"), ("Nissan", "Versa")]


def _row(rng: random.Random, n: int) -> dict[str, str]:
    granted = dt.date(2005, 1, 1) + dt.timedelta(days=rng.randrange(0, 6700))
    im_from = dt.date(2026, 1, 5) + dt.timedelta(days=rng.randrange(0, 320))
    im_until = im_from.replace(year=im_from.year + 1) - dt.timedelta(days=1)
    make, model = MODELS[n % len(MODELS)]
    cnh_until = dt.date(2027, 3, 1) + dt.timedelta(days=rng.randrange(0, 2500))
    name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)} {rng.choice(LAST_NAMES)}"
    row = {
        "termo": f"T-{n:04d}",
        "outorgado_em": f"{min(granted, dt.date(2023, 7, 1)):%d/%m/%Y}",
        "titular_nome": name,
        "titular_cpf": CPF().generate(mask=n % 2 == 0),
        "titular_cnh": CNH().generate(),
        "titular_cnh_categoria": rng.choice(["B", "AB", "D", "E"]),
        "titular_cnh_validade": f"{cnh_until:%d/%m/%Y}",
        "titular_endereco": f"Rua {rng.choice(LAST_NAMES)}, {rng.randrange(1, 999)}",
        "titular_bairro": rng.choice(["Centro", "São Geraldo", "Vila Nova", "Boa Vista"]),
        "titular_telefone": f"(27) 9{rng.randrange(1000, 9999)}-{rng.randrange(1000, 9999)}",
        "titular_email": f"taxista{n}@example.com" if n % 3 else "",
        "placa": f"M{chr(65 + n // 260 % 26)}{chr(65 + n // 10 % 26)}{n % 10}"
                 f"{chr(65 + n % 26)}{n % 100:02d}",
        "renavam": RENAVAM().generate(),
        "marca": make,
        "modelo": model,
        "ano_fabricacao": str(rng.randrange(2019, 2026)),
        "portas": "4",
        "lotacao": str(rng.choice([5, 7])),
        "ar_condicionado": rng.choice(["SIM", "sim", "S"]),
        "cor": "branca",
        "im_numero": f"{n:04d}/{im_from.year}",
        "im_valida_desde": f"{im_from:%d/%m/%Y}",
        "im_valida_ate": f"{im_until:%d/%m/%Y}",
    }
    if n % 4 == 0:
        row |= {
            "auxiliar_nome": f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
            "auxiliar_cpf": CPF().generate(),
            "auxiliar_cnh": CNH().generate(),
            "auxiliar_cnh_categoria": "B",
            "auxiliar_cnh_validade": "10/10/2029",
            "auxiliar_endereco": f"Rua {rng.choice(LAST_NAMES)}, {rng.randrange(1, 999)}",
        }
    return row


# line in the file (header is line 1, row n is line n + 1) -> (column, code, bad value)
def _errors(rows: list[dict[str, str]]) -> dict[int, tuple[str, str, str]]:
    return {
        12: ("titular_cpf", "invalid_cpf", "123.456.789-00"),
        37: ("placa", "invalid_plate", "AB-12"),
        58: ("titular_cnh_categoria", "cnh_category", "A"),
        99: ("outorgado_em", "invalid_date", "31/02/2020"),
        120: ("outorgado_em", "implausible_date", "01/01/0001"),
        143: ("portas", "vehicle_doors", "2"),
        188: ("im_valida_ate", "im_period", "01/01/2026"),
        211: ("termo", "duplicate_termo", rows[4]["termo"]),
        256: ("titular_nome", "required", ""),
        279: ("renavam", "invalid_renavam", "12345678901"),
        301: ("ar_condicionado", "invalid_boolean", "talvez"),
        345: ("marca", "too_long", "Chevrolet " * 8),
        368: ("lotacao", "vehicle_capacity", "9"),
        390: ("ano_fabricacao", "out_of_range", "3024"),
        412: ("titular_email", "invalid_email", "taxista@"),
        437: ("im_numero", "duplicate_im", rows[20]["im_numero"]),
    }


# Art. 69: imported and flagged for the clerk. line -> (column, code, cells written)
HOLDER_KEYS = tuple(c.key for c in COLUMNS if c.key.startswith("titular_"))


def _flags(rows: list[dict[str, str]]) -> dict[int, tuple[str, str, dict[str, str]]]:
    return {
        81: ("titular_cnh_validade", "cnh_expired", {"titular_cnh_validade": "15/03/2026"}),
        166: ("ano_fabricacao", "vehicle_age", {"ano_fabricacao": "2010"}),
        # The holder of line 8 with a second current Termo (Art. 22 §4 limits new grants).
        233: ("titular_cpf", "second_termo", {key: rows[6][key] for key in HOLDER_KEYS}),
        322: ("cor", "vehicle_colour", {"cor": "prata"}),
    }


def _write(path: Path, rows: list[dict[str, str]]) -> None:
    keys = [c.key for c in COLUMNS]
    out = io.BytesIO()
    write_table(out, "csv", headers=keys, rows=([row.get(k, "") for k in keys] for row in rows))
    # The sample is the plain UTF-8 a municipality's spreadsheet exports, without the BOM
    # the export writer adds for Excel (reading with one is tested on its own).
    path.write_bytes(out.getvalue().removeprefix(codecs.BOM_UTF8))


def main() -> None:
    random.seed(1764)  # validate_docbr draws from the module's generator
    rng = random.Random(2023)
    rows = [_row(rng, n) for n in range(1, ROWS + 1)]
    errors = _errors(rows)
    broken = [dict(row) for row in rows]
    for line, (column, _code, value) in errors.items():
        broken[line - 2][column] = value
    flags = _flags(rows)
    for line, (_column, _code, cells) in flags.items():
        broken[line - 2] |= cells
    _write(HERE / "registro-atual.csv", broken)
    _write(HERE / "registro-atual-corrigido.csv", rows)
    manifest = [
        {"line": line, "column": column, "code": code}
        for line, (column, code, _value) in sorted(errors.items())
    ]
    (HERE / "erros-deliberados.json").write_text(json.dumps(manifest, indent=1) + "\n")
    flagged = [
        {"line": line, "column": column, "code": code}
        for line, (column, code, _cells) in sorted(flags.items())
    ]
    (HERE / "sinalizacoes-deliberadas.json").write_text(json.dumps(flagged, indent=1) + "\n")


if __name__ == "__main__":
    main()
