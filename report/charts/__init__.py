"""Stage 3, charts: each chart described in words, then drawn as SVG, its text checked."""
