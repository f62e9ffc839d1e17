"""Print the text of one section of a built report.html: section.py REPORT.html "Heading start" [chars]"""

import re
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from harness import Text

t = Text()
with open(sys.argv[1], encoding="utf-8") as f:
    t.feed(f.read())
text = re.sub(r"\n\s*\n+", "\n", "".join(t.out))
hits = [m.start() for m in re.finditer(re.escape(sys.argv[2]), text)]
for h in hits[1:] or hits:  # skip the contents' entry when there are two
    print(text[h : h + int(sys.argv[3]) if len(sys.argv) > 3 else h + 2500])
    print("-----")
