"""Stage 5, HTML: the report context through Jinja to one self-contained document."""
