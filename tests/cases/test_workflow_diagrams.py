"""The README's diagrams are drawn from the code; this fails when they are out of date."""

from pathlib import Path

from django.conf import settings
from django.utils import translation

from cases.diagrams import workflows_markdown


def test_docs_workflows_md_matches_the_transitions():
    with translation.override("pt-br"):
        expected = workflows_markdown()
    current = (Path(settings.BASE_DIR) / "docs" / "workflows.md").read_text(encoding="utf-8")
    assert current == expected, "run: manage.py workflow_diagrams"


def test_the_readme_draws_every_workflow():
    from cases.diagrams import readme_with_diagrams

    readme = (Path(settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    with translation.override("pt-br"):
        assert readme == readme_with_diagrams(readme), "run: manage.py workflow_diagrams"


def test_every_transition_has_an_edge_with_an_article():
    from cases.workflow import all_workflows

    for workflow in all_workflows():
        field = workflow.model._meta.get_field("state")
        names = {t.name for t in field.get_all_transitions(workflow.model)}
        assert names == {e.name for e in workflow.edges}
        assert all(e.article.startswith("Art.") for e in workflow.edges)


def test_every_installed_kind_is_drawn():
    """A kind whose app does not register its table would be missing from the diagrams (and
    from every page that reads the tables) without any other test noticing."""
    from cases.workflow import all_workflows
    from tests.workflows.kinds import installed_kind_apps

    drawn = {w.model._meta.app_config.name for w in all_workflows()}
    missing = set(installed_kind_apps()) - drawn
    assert missing == set(), "the app's ready() must import its workflow module"
    docs = (Path(settings.BASE_DIR) / "docs" / "workflows.md").read_text(encoding="utf-8")
    readme = (Path(settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    for workflow in all_workflows():
        assert f"\n## {workflow.kind}\n" in docs
        assert f"\n### {workflow.kind}\n" in readme
