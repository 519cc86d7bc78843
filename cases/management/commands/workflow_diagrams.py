from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

from cases.diagrams import workflows_markdown


class Command(BaseCommand):
    help = "Write docs/workflows.md: every case kind's state diagram (Mermaid)."

    def handle(self, *args: object, **options: object) -> None:
        with translation.override("pt-br"):
            text = workflows_markdown()
        target = Path(settings.BASE_DIR) / "docs" / "workflows.md"
        target.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {target}")
