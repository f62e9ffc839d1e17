"""What the build changes in WeasyPrint (and in pydyf and cffi under it) while it lays out and prints.

Each change is made for one reason, said where it is made and in docs/weasyprint-upstream.md (with a reproduction
for WeasyPrint's maintainers): the same bytes on every machine (fonts subset by the pinned HarfBuzz), or the same
bytes sooner (work done once, not again and again); those of the charts' SVG drawing are in
report/pdf/svg_patches.py. report/pdf/renderer.py applies them; tests/pdf/test_patches.py compares each one's bytes or
work with and without it.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import logging
from collections.abc import Iterator

# The C types WeasyPrint 70 asks cffi for by name (`ffi.new`/`ffi.cast` in weasyprint/text/*.py and pdf/*.py).
_FFI_TYPES = (
    "FcChar8 **",
    "FcResult *",
    "PangoFcFontMap *",
    "PangoLogAttr[]",
    "PangoRectangle *",
    "char[4]",
    "char[]",
    "hb_tag_t[100]",
    "unsigned int *",
)
# Tables WeasyPrint drops from embedded fonts (weasyprint.pdf.fonts.Font._harfbuzz_subset).
_DROP_TABLES = ("BASE", "DSIG", "EBDT", "EBLC", "EBSC", "GPOS", "GSUB", "JSTF", "LTSH", "PCLT", "SVG ")


def subset_with_pinned_harfbuzz() -> None:
    """Subset fonts with the HarfBuzz that uharfbuzz pins, on every machine.

    WeasyPrint subsets with the system's libharfbuzz-subset where a machine has it and with fontTools elsewhere;
    the two give different bytes (and fontTools stamps the current time), so the PDF would depend on the machine.
    uharfbuzz's wheel carries its own HarfBuzz: the same bytes everywhere, and in about 1 ms a font instead of
    fontTools' 100 ms. The two passes mirror WeasyPrint's own HarfBuzz subsetting.
    """
    import uharfbuzz as hb
    from weasyprint.pdf import fonts

    def subset_input(gids, flags: int) -> hb.SubsetInput:
        plan = hb.SubsetInput()
        plan.glyph_set.update(gids)
        plan.sets(hb.SubsetInputSets.DROP_TABLE_TAG).update(int.from_bytes(t.encode(), "big") for t in _DROP_TABLES)
        plan.flags = flags
        return plan

    def subset(self, to_unicode, hinting):
        if not to_unicode:
            return
        flags = hb.SubsetFlags.PASSTHROUGH_UNRECOGNIZED | hb.SubsetFlags.DESUBROUTINIZE
        if self.missing:
            flags |= hb.SubsetFlags.NOTDEF_OUTLINE
        retain = subset_input(to_unicode, flags | hb.SubsetFlags.RETAIN_GIDS)
        face = hb.subset(hb.Face(self.file_content, self.index), retain)
        # Second pass: drop the empty glyph slots after the last one used.
        if not hinting:
            flags |= hb.SubsetFlags.NO_HINTING
        face = hb.subset(face, subset_input(range(max(to_unicode) + 1), flags))
        self.file_content = face.blob.data

    fonts.Font.subset = subset


def page_references_once() -> None:
    """Make pydyf's `PDF.page_references` a tuple built once per page count, not once per read.

    WeasyPrint's tagging (PDF/A-3a) reads it for every marked-content element: 2,200 tuples of every page's
    reference for the default report, an eighth of the pages' drawing (docs/weasyprint-upstream.md, 5). Pages are
    only ever appended to /Kids, so its length says whether the tuple is still the one it would build.
    """
    import pydyf

    def page_references(pdf) -> tuple[bytes, ...]:
        kids = pdf.pages["Kids"]
        count, references = getattr(pdf, "_report_page_references", (-1, ()))
        if count != len(kids):
            references = tuple(f"{number} 0 R".encode("ascii") for number in kids[::3])
            pdf._report_page_references = (len(kids), references)
        return references

    pydyf.PDF.page_references = property(page_references)


def objects_serialised_once() -> None:
    """Make pydyf's `PDF.write` serialise each dictionary and array, and deflate each stream, once, not twice.

    PDF/A asks for a file identifier, which pydyf computes by serialising every object again, after writing them, and
    hashing the lot: every stream deflated a second time, a third of writing the PDF (docs/weasyprint-upstream.md, 7).
    While a PDF is being written nothing changes its objects, so each one's bytes are kept, by identity, from the first
    serialisation to the second, and let go when the writing ends: the same bytes, once. Streams written as they are
    (the attachments, deflated already) are not kept: copying them again costs less than holding a long log twice.
    """
    import pydyf

    if getattr(pydyf.PDF, "_report_serialised_once", False):
        return
    write = pydyf.PDF.write
    kept: list[dict[int, tuple[object, bytes]] | None] = [None]

    def serialised_once(data: property) -> property:
        serialised = data.fget
        assert serialised is not None, "pydyf's data properties are read-only properties: each has its getter"

        def once(obj) -> bytes:
            memo = kept[0]
            if memo is None or getattr(obj, "compress", True) is False:
                return serialised(obj)
            found = memo.get(id(obj))
            if found is None:
                found = memo[id(obj)] = (obj, serialised(obj))  # the object is kept too, so its id stays its own
            return found[1]

        return property(once)

    @functools.wraps(write)  # sets __wrapped__, as the other patches do
    def write_once(pdf, *args, **kwargs):
        kept[0] = {}
        try:
            return write(pdf, *args, **kwargs)
        finally:
            kept[0] = None

    for cls in (pydyf.Stream, pydyf.Dictionary, pydyf.Array):
        cls.data = serialised_once(cls.__dict__["data"])
    pydyf.PDF.write = write_once
    pydyf.PDF._report_serialised_once = True


def ffi_types_parsed() -> None:
    """Have cffi parse the C types WeasyPrint names, now, while the build waits for the HTML (issue 27).

    cffi parses a type's name with pycparser the first time it is asked for it: 0.017 s in all, in the middle of the
    layout and the drawing otherwise. Parsed once, a type is kept for the process; nothing drawn changes."""
    from weasyprint.text.ffi import ffi

    for name in _FFI_TYPES:
        ffi.typeof(name)


#: `<style>` sheets parsed before the HTML that carries them arrives: (text, base URL, media type) -> WeasyPrint's CSS.
_SHEETS: dict[tuple[str, str, str], object] = {}


def style_sheet_parsed(text: str, base_url: str) -> None:
    """Parse `text`, the sheet a `<style>` element of the report's HTML carries, now, once per process, for
    `style_elements_parsed_once` to give the layouts that find it (docs/weasyprint-upstream.md, 12).

    WeasyPrint parses a document's `<style>` as it lays the document out: the screen sheet the print copy carries took
    0.03 s of the PDF side after the HTML had arrived, on the build's critical path, where the build waits for the HTML
    with nothing to do. Only a sheet of plain rules is kept: an at-rule (`@page`, `@font-face`, `@media`...) or a parse
    error adds to what the document collects or logs as it lays out, so such a sheet is parsed there, as before; so is
    one WeasyPrint logs anything about."""
    import tinycss2
    from weasyprint import CSS

    from report.pdf.messages import LoggedMessages

    key = (text.strip(), base_url, "print")
    if key in _SHEETS:
        return
    rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    if any(rule.type != "qualified-rule" for rule in rules):
        return
    handler, logger = LoggedMessages(logging.WARNING), logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        sheet = CSS(string=text, base_url=base_url, media_type="print")
    finally:
        logger.removeHandler(handler)
    if not handler.messages:
        _SHEETS[key] = sheet


@contextlib.contextmanager
def style_elements_parsed_once() -> Iterator[None]:
    """While a report is laid out, a `<style>` element whose sheet `style_sheet_parsed` parsed (the same rules, from
    the same base URL, for print) gets that sheet, not a new parse of its text: the same rules in the same order,
    so the same cascade and the same bytes (tests/pdf/test_patches.py). Any other sheet is parsed as before."""
    from weasyprint import css

    parse = css.CSS  # what weasyprint.css's find_stylesheets makes each `<style>` and `<link>` sheet with

    def sheet(*args, string=None, base_url=None, media_type="print", **kwargs):
        found = _SHEETS.get((string.strip(), base_url, media_type)) if string is not None and not args else None
        if found is not None:
            return found
        return parse(*args, string=string, base_url=base_url, media_type=media_type, **kwargs)

    css.CSS = sheet
    try:
        yield
    finally:
        css.CSS = parse


@contextlib.contextmanager
def text_split_once() -> Iterator[None]:
    """While a report is laid out, split each run of text once for each width it is split at, not again and again.

    WeasyPrint splits a table cell's text at every break to find its narrowest width, again for its widest, then for
    the width the table gives it, and a paragraph pushed to the next page is split anew: 727 of the default report's
    3,518 splits (`weasyprint.text.line_break.split_first_line`) were of a text, style and width already split, a
    twentieth of the layout. The split is a pure function of those (Pango shapes the same text the same way), and what
    it returns (a layout made inactive, to be made ready again when drawn, and its metrics) is never changed by its
    callers, so the first result serves every equal call: the same boxes and the same bytes
    (tests/pdf/test_patches.py; docs/weasyprint-upstream.md, 9).
    The styles and the layout context are kept with the results, so that no id is reused while the layout runs.
    """
    from weasyprint.layout import inline, preferred
    from weasyprint.text import line_break

    split = line_break.split_first_line
    done: dict[tuple, tuple] = {}

    def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True, minimum=False):
        key = (text, id(style), id(context), max_width, justification_spacing, is_line_start, minimum)
        found = done.get(key)
        if found is None:
            result = split(text, style, context, max_width, justification_spacing, is_line_start, minimum)
            found = done[key] = (style, context, result)
        return found[2]

    inline.split_first_line = preferred.split_first_line = split_first_line
    try:
        yield
    finally:
        inline.split_first_line = preferred.split_first_line = split


class _CountersNamed(dict):
    """A box's page counters as WeasyPrint caches them (a CounterLookupItem's `cached_page_counter_values`), unequal to
    the page's only where a counter the box's content names differs: its `names`, all of them when it names none."""

    names: tuple[str, ...] = ()

    def __ne__(self, other):
        if not self.names or not isinstance(other, dict):
            return dict.__ne__(self, other)
        return any(self.get(name) != other.get(name) for name in self.names)

    def __eq__(self, other):
        result = self.__ne__(other)
        return result if result is NotImplemented else not result

    __hash__ = None  # a dict's: unhashable


def _counters_named(collector, name: str) -> set[str]:
    """The counters that contents (`content: target-counter(...)`) name of the anchor `name`, kept on the collector
    while its contents stay: they are collected before the pages are made."""
    lookups = collector.counter_lookup_items
    named: dict[str, set[str]]
    count, named = getattr(collector, "_report_counters_named", (-1, {}))
    if count != len(lookups):
        named = {}
        for (_, token), lookup in lookups.items():
            for anchor, counters in lookup.missing_target_counters.items() if token == "content" else ():
                named.setdefault(anchor, set()).update(counters)
        collector._report_counters_named = (len(lookups), named)
    return named.get(name, set())


def _unchanged_for_contents(collector, name: str, values: dict, index: int) -> bool:
    """Whether the anchor `name`'s page counters changed in none of the counters contents name of it; if so, note them
    as WeasyPrint's `cache_target_page_counters` does, without remaking the contents."""
    item = collector.target_lookup_items.get(name)
    old = item.cached_page_counter_values if item is not None and item.state == "up-to-date" else None
    named = _counters_named(collector, name)
    if not (old and named and all(old.get(counter) == values.get(counter) for counter in named)):
        return False
    if not collector.collecting:
        item.page_maker_index = index
        item.cached_page_counter_values = copy.deepcopy(values)
    return True


def _cache_by_name(item, values: dict) -> None:
    """A `CounterLookupItem`'s cached page counters, compared by the counters its content names."""
    named = _CountersNamed(values)
    named.names = tuple(item.missing_counters or ())
    item.__dict__["cached_page_counter_values"] = named


@contextlib.contextmanager
def page_counters_compared_by_name() -> Iterator[None]:
    """While a report is laid out, make the contents page twice, not three times: once before the page numbers of the
    sections are known, once with them.

    WeasyPrint remakes a page whose `target-counter()` content changed (`make_page`, weasyprint/layout/page.py;
    weasyprint/css/targets.py). Two things made the contents page a third time with the same numbers in it, 0.02-0.03 s
    of CPU each build (docs/weasyprint-upstream.md, 13):
    - `compute_content_list` keys a content's target counters by the anchor of the token as written, so that
      `target-counter(attr(href), page)` is keyed by None, and a section laid out later never updates the contents
      line that names it: the numbers came only from the page's own counters, remade after the first pass; keyed
      here by the anchor `lookup_target` resolved, each line is made with its number as the section is laid out;
    - after the first pass WeasyPrint adds `pages` to every page's counters, and compares all of them with those it
      cached for a content, or a target, that names `page` alone: here a content (`CounterLookupItem`) compares the
      counters it names, and a target (`TargetLookupItem`) tells the contents that name it only when a counter they
      name changed.
    The same numbers, boxes and bytes (data/ and every example, English and Chinese; tests/pdf/test_patches.py).
    """
    from weasyprint.css import targets

    anchor_name, lookup_target = targets.anchor_name_from_token, targets.TargetCollector.lookup_target
    spread = targets.TargetCollector.cache_target_page_counters
    looked_up: list = [None, None]  # the token lookup_target was last given, and the anchor it resolved it to

    def resolved_anchor_name(token):
        if token is looked_up[0] and token is not None:
            return looked_up[1]
        looked_up[1] = anchor_name(token)
        return looked_up[1]

    def noting_lookup(collector, anchor_token, *args):
        looked_up[0] = None
        item = lookup_target(collector, anchor_token, *args)  # calls resolved_anchor_name with the resolved token
        looked_up[0] = anchor_token
        return item

    def spread_when_named(collector, name, values, index, page_maker):
        if _unchanged_for_contents(collector, name, values, index):
            return None
        return spread(collector, name, values, index, page_maker)

    targets.anchor_name_from_token = resolved_anchor_name
    targets.TargetCollector.lookup_target = noting_lookup
    targets.TargetCollector.cache_target_page_counters = spread_when_named
    targets.CounterLookupItem.cached_page_counter_values = property(
        lambda item: item.__dict__["cached_page_counter_values"], _cache_by_name
    )
    try:
        yield
    finally:
        targets.anchor_name_from_token = anchor_name
        targets.TargetCollector.lookup_target = lookup_target
        targets.TargetCollector.cache_target_page_counters = spread
        del targets.CounterLookupItem.cached_page_counter_values


@contextlib.contextmanager
def pseudo_styles_when_asked() -> Iterator[None]:
    """While a report is laid out, compute an element's pseudo-element style when the layout asks for it, not ahead.

    WeasyPrint computes, for every element, the style of each pseudo-element some rule matches
    (`StyleFor.__init__`, weasyprint/css/__init__.py), and its user-agent sheet matches six on every element
    (`::marker`, `::footnote-call`, `::footnote-marker`, `::note-call`, `::note-marker`, `::note-callback`): 5,670
    styles for the default report's 945 elements, of which the layout asks for a few dozen (the list items' markers,
    `::before` and `::after`), 0.02 s of CPU (docs/weasyprint-upstream.md, 14). Here each is computed from the same
    cascaded values, parent and root the first time `style_for` is asked for it: the same style, the same boxes and
    bytes (tests/pdf/test_patches.py). A pseudo-element whose rules set an anchor is computed ahead, as before, so
    that the anchors are collected in the same order; the pages' styles (`@page` and its margins) are not touched.
    """
    from weasyprint.css import StyleFor

    compute, ask = StyleFor.set_computed_styles, StyleFor.__call__

    def set_computed_styles(style_for, element, parent, root=None, pseudo_type=None, base_url=None, **kwargs):
        key = (element, pseudo_type)
        cascaded = style_for._cascaded_styles.get(key)
        if pseudo_type is None or isinstance(element, tuple) or cascaded is None or "anchor" in cascaded:
            return compute(style_for, element, parent, root, pseudo_type, base_url, **kwargs)
        pending = style_for.__dict__.setdefault("_report_pending", {})
        pending[key] = (cascaded, parent, root, base_url, kwargs)
        return None

    def asked(style_for, element, pseudo_type=None):
        pending = style_for.__dict__.get("_report_pending")
        found = pending.pop((element, pseudo_type), None) if pending else None
        if found is not None:
            cascaded, parent, root, base_url, kwargs = found
            style_for._cascaded_styles[element, pseudo_type] = cascaded
            try:
                compute(style_for, element, parent, root, pseudo_type, base_url, **kwargs)
            finally:
                del style_for._cascaded_styles[element, pseudo_type]
        return ask(style_for, element, pseudo_type)

    StyleFor.set_computed_styles, StyleFor.__call__ = set_computed_styles, asked
    try:
        yield
    finally:
        StyleFor.set_computed_styles, StyleFor.__call__ = compute, ask


def _page_rules_by_number(style_for) -> bool:
    """Whether a page rule of the document's sheets selects pages by number (`@page :nth(...)`)."""
    return any(
        selector[2].index is not None
        for sheet, _origin, _specificity in style_for._sheets
        for _rule, selectors, _declarations in sheet.page_rules
        for selector in selectors
    )


@contextlib.contextmanager
def page_styles_shared() -> Iterator[None]:
    """While a report is laid out, give every page the styles of the first page its page rules select alike.

    WeasyPrint computes a page's style and its sixteen margin boxes' anew for every page
    (`set_page_type_computed_styles`, weasyprint/layout/page.py), though what selects them is only the page's side,
    blankness, name and whether it is the first (and its number, for `@page :nth()`, which the report does not use):
    every page of the body gets equal styles that share nothing, so each page's header and footer (the title, the
    customer, the section, "page n of m") is measured and broken again, text WeasyPrint otherwise splits once for
    each style (`text_split_once`), 0.03-0.04 s of CPU in all (docs/weasyprint-upstream.md, 16). Here a page whose
    side, blankness, name and firstness were met before gets the very style objects computed then; WeasyPrint's only
    change to a page's style, adding the `page` counter's increment, leaves it as it found it the second time. The
    same boxes and bytes (tests/pdf/test_patches.py). Sheets that number pages are left as they are.
    """
    from weasyprint.layout import page as pages

    set_styles = pages.set_page_type_computed_styles

    def shared(page_type, html, style_for):
        known = style_for.__dict__.setdefault("_report_page_styles", {})
        if "numbered" not in known:
            known["numbered"] = _page_rules_by_number(style_for)
        key = (page_type.side, page_type.blank, page_type.name, page_type.index == 0)
        if known["numbered"] or key not in known:
            set_styles(page_type, html, style_for)
            computed = style_for._computed_styles
            known.setdefault(
                key, {pseudo: style for (element, pseudo), style in computed.items() if element == page_type}
            )
            return
        for pseudo, style in known[key].items():
            style_for._computed_styles[page_type, pseudo] = style

    pages.set_page_type_computed_styles = shared
    try:
        yield
    finally:
        pages.set_page_type_computed_styles = set_styles


#: What `weasyprint.text.fonts.get_font_description` reads of a style: the font it describes is a function of these.
_FONT_DESCRIBED = (
    "font_family",
    "font_style",
    "font_stretch",
    "font_weight",
    "font_size",
    "font_variant_caps",
    "font_variation_settings",
)


@contextlib.contextmanager
def fonts_described_once() -> Iterator[None]:
    """While a report is laid out or drawn, describe each font (family, style, weight, size...) to Pango once, and
    work out each set of OpenType features once, not for every run of text.

    Every Pango layout WeasyPrint makes (`Layout.setup`, weasyprint/text/line_break.py: one for each split of a text,
    and again for each text box drawn) builds a new font description from the style, eight calls into Pango, and the
    font features from eight style values: 3,900 times for the default report, for a few dozen distinct fonts
    (docs/weasyprint-upstream.md, 17). Pango copies the description into the layout it is set on
    (`pango_layout_set_font_description`), and WeasyPrint only reads the features, so one of each serves every equal
    style: the same layouts and bytes (tests/pdf/test_patches.py)."""
    from weasyprint.text import line_break

    describe, features = line_break.get_font_description, line_break.font_features
    described: dict[tuple, object] = {}

    def description(style):
        try:
            key = tuple(
                tuple(value) if isinstance(value, list) else value for value in map(style.__getitem__, _FONT_DESCRIBED)
            )
            found = described.get(key)
        except TypeError:  # a value that is no key
            return describe(style)
        if found is None:
            found = described[key] = describe(style)
        return found

    line_break.get_font_description, line_break.font_features = description, memo(features)
    try:
        yield
    finally:
        line_break.get_font_description, line_break.font_features = describe, features


def memo(function, copied: bool = False):
    """`function`, pure, answering an argument it was given before from what it returned then (a copy of it where the
    caller may change what it gets: `copied`); an argument that cannot be a key is passed through."""
    done: dict = {}

    @functools.wraps(function)
    def once(*args, **kwargs):
        try:
            found = None if kwargs else done.get(args)
        except TypeError:  # an argument that is no key
            return function(*args)
        if kwargs:
            return function(*args, **kwargs)
        if found is None:
            found = done[args] = function(*args)
        return copy.copy(found) if copied else found

    return once
