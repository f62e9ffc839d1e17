"""Stage 6, PDF: every WeasyPrint and pydyf import and patch, the evidence attached and read back, the signature."""
