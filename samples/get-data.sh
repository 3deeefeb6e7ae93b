#!/usr/bin/env bash
# Real data sets from Debian packages, converted to .npy for trikmeans.
#
#   samples/get-data.sh [DIR]        (default: build/data)
#
# Writes into DIR (each skipped, with the reason, when its package is
# missing and cannot be installed):
#   iris.npy (150 x 4), wine.npy (178 x 13), digits.npy (1797 x 64), and
#   *-labels.npy beside them        scikit-learn's small sets (python3-sklearn)
#   fashion-mnist-train.npy (60000 x 784, float32 pixels 0..255),
#   fashion-mnist-test.npy (10000 x 784) and their labels
#                                   Fashion-MNIST (dataset-fashion-mnist)
#   ladybird-pixels.npy (4096000 x 3, float32 RGB 0..255)
#                                   the pixels of a 2560 x 1600 photograph,
#                                   LadyBird.jpg of mate-backgrounds, for
#                                   colour quantisation (samples/quantize.sh)
#
# As root, missing packages are installed with apt-get; otherwise the
# apt-get line is printed and the sets whose packages are there are still
# converted.  Needs /usr/bin/python3 with numpy (python3-numpy) and PIL
# (python3-pil) for the conversion glue; the clustering is trikmeans's.
set -euo pipefail

DIR=${1:-build/data}
PY=/usr/bin/python3
PHOTO=/usr/share/backgrounds/mate/nature/LadyBird.jpg
FASHION=/usr/share/datasets/fashion-mnist

say() { printf 'get-data: %s\n' "$*"; }

# Packages that exist in this system's archive (apt-cache knows them).
known() {
    local p out=""
    for p in "$@"; do
        if apt-cache show "$p" >/dev/null 2>&1; then
            out="$out $p"
        else
            say "package $p is not in this system's archive: skipping what needs it" >&2
        fi
    done
    echo "$out"
}

install_missing() {
    local missing="" p
    for p in $(known python3-numpy python3-pil python3-sklearn \
                     dataset-fashion-mnist mate-backgrounds); do
        dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    if [ -z "$missing" ]; then
        say "packages present"
    elif [ "$(id -u)" = 0 ]; then
        say "installing$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
    else
        say "missing packages; to get every set, run:"
        say "  sudo apt-get install$missing"
    fi
}

have_py() { "$PY" -c "import $1" >/dev/null 2>&1; }

sklearn_sets() {
    if ! have_py sklearn; then
        say "skipping iris, wine, digits: python3-sklearn is not installed"
        return
    fi
    "$PY" - "$DIR" <<'EOF'
import sys, numpy as np
from sklearn import datasets
out = sys.argv[1]
for name in ("iris", "wine", "digits"):
    b = getattr(datasets, "load_" + name)()
    np.save("%s/%s.npy" % (out, name), np.ascontiguousarray(b.data, dtype=np.float64))
    np.save("%s/%s-labels.npy" % (out, name), b.target.astype(np.int32))
    print("get-data: %s/%s.npy  %d x %d, %d classes" % (out, name, *b.data.shape, len(set(b.target))))
EOF
}

fashion_mnist() {
    if [ ! -d "$FASHION" ]; then
        say "skipping Fashion-MNIST: $FASHION is missing (package dataset-fashion-mnist)"
        return
    fi
    "$PY" - "$DIR" "$FASHION" <<'EOF'
import gzip, sys, numpy as np
out, src = sys.argv[1], sys.argv[2]
def idx(path):
    # IDX: magic (2 zero bytes, type, ndim), big-endian sizes, then bytes
    with gzip.open(path, "rb") as f:
        raw = f.read()
    ndim = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim).reshape(shape)
for part, stem in (("train", "train"), ("test", "t10k")):
    x = idx("%s/%s-images-idx3-ubyte.gz" % (src, stem))
    y = idx("%s/%s-labels-idx1-ubyte.gz" % (src, stem))
    x = x.reshape(x.shape[0], -1).astype(np.float32)
    np.save("%s/fashion-mnist-%s.npy" % (out, part), x)
    np.save("%s/fashion-mnist-%s-labels.npy" % (out, part), y.astype(np.int32))
    print("get-data: %s/fashion-mnist-%s.npy  %d x %d" % (out, part, *x.shape))
EOF
}

photo_pixels() {
    if [ ! -f "$PHOTO" ]; then
        say "skipping the photograph: $PHOTO is missing (package mate-backgrounds)"
        return
    fi
    if ! have_py PIL; then
        say "skipping the photograph: python3-pil is not installed"
        return
    fi
    "$PY" - "$DIR" "$PHOTO" <<'EOF'
import sys, numpy as np
from PIL import Image
out, src = sys.argv[1], sys.argv[2]
im = np.asarray(Image.open(src).convert("RGB"))
x = im.reshape(-1, 3).astype(np.float32)
np.save("%s/ladybird-pixels.npy" % out, x)
print("get-data: %s/ladybird-pixels.npy  %d x 3 (a %d x %d photograph)"
      % (out, x.shape[0], im.shape[1], im.shape[0]))
EOF
}

mkdir -p "$DIR"
install_missing
if ! have_py numpy; then
    say "python3-numpy is needed to write .npy files; install it and run again"
    exit 1
fi
sklearn_sets
fashion_mnist
photo_pixels
say "done; for example:"
say "  build/trikmeans check $DIR/digits.npy -k 10 --forms seq,omp"
say "  samples/quantize.sh        (colour quantisation of the photograph)"
