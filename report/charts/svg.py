"""The charts' SVG as WeasyPrint draws it fastest: matplotlib's styles written as attributes (issue 27)."""

from __future__ import annotations

import hashlib
import re
from xml.etree import ElementTree

_SVG = "{http://www.w3.org/2000/svg}"


def plain_svg(text: str) -> str:
    """matplotlib's SVG as WeasyPrint draws it fastest, drawing the same pixels and text (issue 27).

    WeasyPrint's SVG cascade (weasyprint/svg/__init__.py, Node.cascade) parses each element's `style` with tinycss2
    and matches the sheet's one rule, `*{stroke-linejoin: round; stroke-linecap: butt}`, against every element: a
    seventh of the pages' drawing. Here each style declaration becomes the attribute it sets, the rule becomes two
    attributes of the root (both properties inherit, and an element's own value still wins, as over `*`), the
    metadata goes, and groups that carry nothing but an id give their children to their parent. Chart pages render
    identically at 150 dpi (tests/charts/test_describe.py compares them).
    """
    # the prefixes matplotlib writes (ElementTree's registry is global: these are the names every SVG uses)
    ElementTree.register_namespace("", _SVG[1:-1])
    ElementTree.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ElementTree.fromstring(text)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == _SVG + "metadata":
                parent.remove(child)
            elif child.tag == _SVG + "defs" and [c.tag for c in child] == [_SVG + "style"]:
                rule = re.fullmatch(r"\*\{([^}]*)\}", (child[0].text or "").strip())
                if rule is None:  # a sheet of other rules: kept, with the styles it would override
                    return text
                for name, value in _declarations(rule[1]):
                    root.set(name, value)
                parent.remove(child)
    for element in root.iter():
        for name, value in _declarations(element.attrib.pop("style", "")):
            element.set(name, value)
    _lift_bare_groups(root)
    _stable_ids(root)
    return ElementTree.tostring(root, encoding="unicode")


_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
#: the ids matplotlib makes from a hash (backend_svg's _make_id: a letter, then ten hex digits); named ids such as
#: "text_1" stay
_HASHED = re.compile(r"[a-z][0-9a-f]{10}")


def _stable_ids(root) -> None:
    """Name the SVG's ids by what the chart draws, not by matplotlib's hash of its floats.

    matplotlib names a clip rectangle by a hash of its corners' full floats, whose last bits differ between CPUs
    (the same chart drew "p5f01550607" on one machine and "p2d7138fc63" on another, every coordinate printed alike):
    the bytes of a chart would then depend on the machine. Each id becomes its letter, a digest of the drawing with
    every such id left out (coordinates as printed, six decimals) and its place in the document, so two charts never
    share an id and the same chart has the same ids everywhere.
    """
    old = [el.get("id") for el in root.iter() if _HASHED.fullmatch(el.get("id") or "")]
    if not old:
        return
    pattern = re.compile("|".join(re.escape(i) for i in sorted(old, key=len, reverse=True)))
    blank = pattern.sub("", ElementTree.tostring(root, encoding="unicode"))
    digest = hashlib.sha256(blank.encode()).hexdigest()[:8]
    new = {i: f"{i[0]}{digest}-{n}" for n, i in enumerate(old)}

    def renamed(value: str) -> str:
        return pattern.sub(lambda m: new[m[0]], value)

    for element in root.iter():
        for name, value in element.attrib.items():
            if name == "id" or name == _XLINK_HREF or "url(#" in value:
                element.set(name, renamed(value))


def _declarations(style: str) -> list[tuple[str, str]]:
    """A style's declarations: "fill: none; stroke: #d9dee3" -> [("fill", "none"), ("stroke", "#d9dee3")]."""
    pairs = (part.partition(":") for part in style.split(";"))
    return [(name.strip(), value.strip()) for name, _, value in pairs if name.strip()]


def _lift_bare_groups(parent) -> None:
    """Replace each `<g>` with no attribute but an id by its children, depth first."""
    kept = []
    for child in list(parent):
        _lift_bare_groups(child)
        if child.tag == _SVG + "g" and set(child.attrib) <= {"id"} and not (child.text or "").strip():
            kept.extend(child)
        else:
            kept.append(child)
    parent[:] = kept
