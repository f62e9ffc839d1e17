"""Field test 8, major 1: the client sweep is weighed against the claim test.toml's [scaling] states (its range and who
made it), and against no claim when it states none: a joint test with no white paper read "the white paper's 1.5–2×"
on page 1, in the summary and in the scaling section, and no setting stated or dropped it."""

from __future__ import annotations

from report.document.blocks import Table
from report.inputs.config import parse_config
from tests.conftest import DATA
from tests.sections.helpers import build, cover_text, section, texts
from tests.sections.test_scaling import CROSSING, with_scaling

# CROSSING's fits, worked by hand: the baseline's points lie on 2k GB/s (σ = κ = 0), so C_B(4) = 8.00 GB/s; the
# candidate's λ = 6 and L = k/X(k) − 1 = 0.2, 1 and 2.84 at x = 1, 3, 7 give, by Cramer's rule on the normal
# equations (det 8,856), a = 0.25588 and b = κ = 0.021518, σ = 0.23436, C_C(4) = 24 / (1 + 3σ + 12κ) = 12.24 GB/s:
# 1.53× at the job's 4 nodes; the means there are 12 against 8 (1.50×), at 8 client nodes 12.5 against 16 (0.781×).
AT_JOB = "At this training job's 4 nodes the fits give 1.53× (12.2 against 8.00 GB/s)"


def _everything(ctx) -> str:
    """Page 1 and every section's words, table notes and cells."""
    tables = [b for s in ctx.sections for b in s.blocks if isinstance(b, Table)]
    notes = [t.note for t in tables] + [cell for t in tables for row in t.rows for cell in row]
    tiles = [t.note for t in ctx.cover.tiles]
    return " ".join([cover_text(ctx), *tiles, *notes, *(t for s in ctx.sections for t in texts(s.blocks))])


def test_a_sweep_with_no_claim_stated_is_weighed_against_none(folder):
    ctx, m = build(with_scaling(folder, CROSSING, claim=False))
    assert f"{m.scaling.at_job.ratio:.4f}" == "1.5296"
    scaling = " ".join(texts(section(ctx, "scaling").blocks))
    assert f"{AT_JOB}; the means there give 1.50×." in scaling
    assert "At 8 client nodes, the most compared, it is 0.781×." in scaling
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "At 8 client nodes, the most compared, it is 0.781×." in qa
    everything = _everything(ctx)
    for word in ("white paper", "claim", "1.5–2×"):
        assert word not in everything, word


def test_a_stated_claim_is_named_with_its_source_and_its_own_range(folder):
    toml = '\n[scaling]\nclaim_low = 1.2\nclaim_high = 1.4\nclaim_source = "Acme\'s datasheet"\n'
    ctx, _ = build(with_scaling(folder, CROSSING, toml=toml, claim=False))
    scaling = " ".join(texts(section(ctx, "scaling").blocks))
    assert scaling.count("The claim under test comes from Acme's datasheet, not from this test's records: the "
                         "candidate keeps a 1.2–1.4× write-bandwidth advantage") == 1  # fmt: skip
    assert f"{AT_JOB}, above the claimed range; the means there give 1.50×." in scaling
    assert (
        "At 8 client nodes, the most compared, it is 0.781×, below the claimed range: against this test's " in scaling
    )
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert "it is 0.781×, below the 1.2–1.4× claimed by Acme's datasheet: against this test's baseline" in qa
    assert "white paper" not in _everything(ctx)


def _problems(extra: str) -> list[str]:
    config, problems = parse_config((DATA / "test.toml").read_bytes() + extra.encode())
    assert config is None
    return [str(p) for p in problems]


def test_the_claim_is_checked_key_by_key():
    lines = (DATA / "test.toml").read_text().count("\n")
    high = _problems('\n[scaling]\nclaim_low = 2\nclaim_high = 1.5\nclaim_source = "x"\n')
    assert high == [
        f"test.toml:{lines + 4}: scaling.claim_high: is below claim_low (2): give the claimed range low to high"
    ]
    missing = _problems("\n[scaling]\nclaim_low = 1.5\nclaim_high = 2\n")
    assert missing == [f'test.toml:{lines + 2}: scaling: the key "claim_source" is missing']
    assert _problems('\n[scaling]\nclaim_low = 0\nclaim_high = 2\nclaim_source = "x"\n')[0].startswith(
        f"test.toml:{lines + 3}: scaling.claim_low: "
    )
    typo = _problems('\n[scaling]\nclaim_lo = 1\nclaim_high = 2\nclaim_source = "x"\n')
    assert f'test.toml:{lines + 3}: scaling.claim_lo: unknown key (did you mean "claim_low"?)' in typo
    config, problems = parse_config((DATA / "test.toml").read_bytes() + b"\n" + CLAIM_BYTES)
    assert problems == [] and (config.scaling_claim.low, config.scaling_claim.high) == (1.5, 2.0)
    assert config.scaling_claim.source == "the Mingxin FX100 white paper"


CLAIM_BYTES = b'[scaling]\nclaim_low = 1.5\nclaim_high = 2\nclaim_source = "  the Mingxin FX100 white paper "\n'
