"""README's "Who can see what" shows the access policy table as accounts.policy declares
it: the documentation cannot drift from the code that decides."""

from __future__ import annotations

from pathlib import Path

from accounts.policy import policy_markdown


def test_the_readme_table_is_the_policy():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    shown = readme.split("<!-- policy:begin -->\n", 1)[1].split("\n<!-- policy:end -->", 1)[0]
    assert shown == policy_markdown()
