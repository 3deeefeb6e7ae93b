#!/usr/bin/env bash
# Colour quantisation with trikmeans: cluster a photograph's pixel colours
# (points in RGB space, d = 3) into k = 16, 32, 64, 128, 256 colours and
# write each image painted with its k centroid colours.
#
#   samples/quantize.sh [IMAGE] [OUTDIR]
#
# IMAGE defaults to the photograph samples/get-data.sh uses
# (/usr/share/backgrounds/mate/nature/LadyBird.jpg, package
# mate-backgrounds); OUTDIR to build/quantize.  Writes OUTDIR/original.png
# and OUTDIR/quantized-kK.png for each k, and prints the clustering of
# each k (iterations, time).  The clustering is trikmeans fit (Hamerly,
# OpenMP, float); Python (numpy, PIL) only reads and paints the image.
#
# Environment: KS (default "16 32 64 128 256"), WIDTH (the image is first
# scaled to at most this many pixels across, default 1280; 0 keeps it
# whole), MAX_ITER (default 100), TKM (default build/trikmeans).
set -euo pipefail

IMAGE=${1:-/usr/share/backgrounds/mate/nature/LadyBird.jpg}
OUT=${2:-build/quantize}
KS=${KS:-16 32 64 128 256}
WIDTH=${WIDTH:-1280}
MAX_ITER=${MAX_ITER:-100}
TKM=${TKM:-build/trikmeans}
PY=/usr/bin/python3

if [ ! -f "$IMAGE" ]; then
    echo "quantize: no image $IMAGE (run samples/get-data.sh, or give one)" >&2
    exit 2
fi
if [ ! -x "$TKM" ]; then
    echo "quantize: no $TKM: run make first (or set TKM)" >&2
    exit 2
fi
mkdir -p "$OUT"

# The pixels as an n x 3 float32 matrix, and the picture's shape.
shape=$("$PY" - "$IMAGE" "$OUT" "$WIDTH" <<'EOF'
import sys, numpy as np
from PIL import Image
src, out, width = sys.argv[1], sys.argv[2], int(sys.argv[3])
im = Image.open(src).convert("RGB")
if width and im.width > width:
    im = im.resize((width, round(im.height * width / im.width)), Image.LANCZOS)
im.save(out + "/original.png")
a = np.asarray(im)
np.save(out + "/pixels.npy", a.reshape(-1, 3).astype(np.float32))
print(a.shape[1], a.shape[0])
EOF
)
read -r w h <<<"$shape"
echo "quantize: $IMAGE as $w x $h = $((w * h)) pixels"

for k in $KS; do
    summary=$("$TKM" fit "$OUT/pixels.npy" -k "$k" --algorithm hamerly \
        --form omp --precision f32 --seed 1 --max-iter "$MAX_ITER" \
        --labels "$OUT/labels-k$k.npy" --centroids "$OUT/palette-k$k.npy" \
        --force)
    echo "quantize: k = $k: $(sed -n 's/^iterations: *//p' <<<"$summary")" \
        "iterations in $(sed -n 's/^time: *//p' <<<"$summary")"
    "$PY" - "$OUT" "$k" "$w" "$h" <<'EOF'
import sys, numpy as np
from PIL import Image
out, k, w, h = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
labels = np.load("%s/labels-k%s.npy" % (out, k)).ravel()
palette = np.clip(np.rint(np.load("%s/palette-k%s.npy" % (out, k))), 0, 255)
img = palette.astype(np.uint8)[labels].reshape(h, w, 3)
Image.fromarray(img).save("%s/quantized-k%s.png" % (out, k))
orig = np.asarray(Image.open(out + "/original.png").convert("RGB"), dtype=np.float64)
rmse = np.sqrt(((orig - img) ** 2).mean())
print("quantize: k = %3s: %s/quantized-k%s.png (RMS error %.2f per channel)"
      % (k, out, k, rmse))
EOF
done
rm -f "$OUT"/labels-k*.npy
