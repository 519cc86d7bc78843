from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

from cases.diagrams import readme_with_diagrams, workflows_markdown


class Command(BaseCommand):
    help = "Write every case kind's state diagram (Mermaid) to docs/workflows.md and README.md."

    def handle(self, *args: object, **options: object) -> None:
        with translation.override("pt-br"):
            text = workflows_markdown()
        target = Path(settings.BASE_DIR) / "docs" / "workflows.md"
        target.write_text(text, encoding="utf-8")
        readme = Path(settings.BASE_DIR) / "README.md"
        with translation.override("pt-br"):
            updated = readme_with_diagrams(readme.read_text(encoding="utf-8"))
        readme.write_text(updated, encoding="utf-8")
        self.stdout.write(f"wrote {target} and the diagrams of {readme}")
