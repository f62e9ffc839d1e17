"""Stage 5, HTML: the report context through Jinja to one self-contained document.

The template folder and the URL scheme of the chart placeholders are defined here, below both outputs: the HTML
stage writes `chart:ID` where a chart goes, and the PDF stage (report/pdf/renderer.py) serves those URLs and prints
with the same templates' print sheet. Importing this package imports nothing else.
"""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"  #: the templates and style sheets (top level)
CHART_SCHEME = "chart"  #: `chart:ID`, a chart's placeholder URL in the HTML that WeasyPrint lays out
