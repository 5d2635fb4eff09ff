"""axe-core in the browser tests: the vendored axe.min.js (tests/vendor/axe-core/) run on a page."""

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page):
    """axe's WCAG 2.1 A and AA violations on ``page`` as it is now, each as a short readable line.

    Colours are measured with motion reduced (the page's transitions off), so axe reads each control's
    settled colours, not a frame halfway through a transition."""
    page.emulate_media(reduced_motion="reduce")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # run as the test's own code: the page's policy refuses an inline script tag
    result = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})).violations",
        WCAG_21_AA,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(
            f"{node['target']} {node['html'][:160]} {node.get('failureSummary', '')[:200]}" for node in v["nodes"][:4]
        )
        for v in result
    ]
