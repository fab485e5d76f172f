#!/usr/bin/env bash
# Makes grader/assets/DejaVuSans-subset.ttf (and, below, a Chinese one), the font the grader draws its figures' text with when
# it renders them to PNG (PrairieLearn's results carry images, and the grading container has no
# fonts): DejaVu Sans cut to Latin-1, Greek, the punctuation, arrows and signs the reports use
# (22 KB instead of 740 KB). Needs Debian's fonts-dejavu-core and fontTools (pip install fonttools).
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
    --unicodes="U+0020-007E,U+00A0-00FF,U+0391-03A9,U+03B1-03C9,U+2010-2027,U+2190-2193,U+2212,U+2213,U+2248,U+2260,U+2264,U+2265,U+221E,U+00D7" \
    --no-hinting --desubroutinize --layout-features='' \
    --output-file=grader/assets/DejaVuSans-subset.ttf

# And grader/assets/WenQuanYiMicroHei-subset.ttf, for the Chinese figures: WenQuanYi Micro Hei
# (Apache-2.0) cut to every character of the Chinese catalogues (grader/locales/zh-Hans and
# zh-Hant) and the CJK punctuation (about 200 KB instead of 5 MB). Needs Debian's
# fonts-wqy-microhei. Run it again after a catalogue gains a character: a lib test
# (render::png) fails on one the font lacks.
python3 - > "${TMPDIR:-/tmp}/cjk-chars.txt" <<'PY'
import glob
chars = set()
for f in glob.glob("grader/locales/zh-Han*/*.ftl"):
    chars.update(c for c in open(f, encoding="utf-8").read() if ord(c) > 0x2E7F)
print("".join(sorted(chars)), end="")
PY
pyftsubset /usr/share/fonts/truetype/wqy/wqy-microhei.ttc --font-number=0 \
    --text-file="${TMPDIR:-/tmp}/cjk-chars.txt" --unicodes="U+3000-303F,U+FF01-FF5E" \
    --no-hinting --desubroutinize --layout-features='' \
    --output-file=grader/assets/WenQuanYiMicroHei-subset.ttf
