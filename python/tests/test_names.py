"""Which array and which columns: feature_names_in_ and the checks of
X's column names in predict, transform and score, each against what
scikit-learn's own KMeans does with the same inputs (#38 point 9); and
the message on a value that is not finite names its array (X, init or
sample_weight), as scikit-learn's do."""
import re
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.cluster import KMeans as SKMeans

import trikmeans


def frame(seed, n=60, names=("a", "b", "c")):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(rng.random((n, len(names))), columns=list(names))


def outcome(fn):
    """What calling fn gives: ("ok", result) or (exception type, its
    message), with the feature-name warnings it raised."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            got = ("ok", fn())
        except (ValueError, TypeError) as e:
            got = (type(e), str(e))
    said = [(w.category, str(w.message)) for w in seen
            if "feature names" in str(w.message)]
    return got, said


def both(X, seed=0):
    """Ours and scikit-learn's, fitted on X from the same start."""
    c0 = np.asarray(X, dtype=np.float64)[:4]
    return (trikmeans.KMeans(4, init=c0, n_init=1, form="seq").fit(X),
            SKMeans(4, init=c0, n_init=1).fit(X))


@pytest.mark.parametrize("seed", [1, 2])
def test_names_recorded_and_checked_like_sklearn(seed):
    df = frame(seed, names=["c%d" % i for i in
                            np.random.default_rng(seed).permutation(5)])
    ours, ref = both(df)
    assert list(ours.feature_names_in_) == list(ref.feature_names_in_)
    assert ours.feature_names_in_.dtype == object
    assert ours.n_features_in_ == ref.n_features_in_ == 5
    cols = list(df.columns)
    others = {
        "reordered": df[cols[::-1]],
        "one left out": df[cols[:-1]],
        "one renamed": df.rename(columns={cols[0]: "zz"}),
        "one more": df.assign(extra=1.0),
        "all renamed": df.rename(columns=lambda c: c + "_x"),
        "as ndarray": df.to_numpy(),
        "integer names": pd.DataFrame(df.to_numpy()),
    }
    for what, X in others.items():
        for method in ("predict", "transform", "score"):
            got, said = outcome(lambda: getattr(ours, method)(X))
            want, ref_said = outcome(lambda: getattr(ref, method)(X))
            assert said == ref_said, (what, method)
            if want[0] == "ok":
                assert got[0] == "ok", (what, method, got)
            else:
                assert got == want, (what, method)
    # the same columns in the same order: the labels of the array
    assert np.array_equal(ours.predict(df), ours.labels_)
    with pytest.raises(ValueError, match="same order"):
        ours.predict(df[cols[::-1]])


def test_ndarray_fit_then_frame_warns_like_sklearn():
    df = frame(3)
    ours, ref = both(df.to_numpy())
    assert not hasattr(ours, "feature_names_in_")
    for method in ("predict", "transform", "score"):
        got, said = outcome(lambda: getattr(ours, method)(df))
        want, ref_said = outcome(lambda: getattr(ref, method)(df))
        assert said == ref_said and len(said) == 1
        assert got[0] == want[0] == "ok"
    # refit on an array: the names recorded before are gone, as there
    ours.fit(df)
    ours.fit(df.to_numpy())
    ref.fit(df)
    ref.fit(df.to_numpy())
    assert not hasattr(ours, "feature_names_in_")
    assert not hasattr(ref, "feature_names_in_")


def test_mixed_name_types_refused_like_sklearn():
    df = frame(4)
    df.columns = ["a", 1, "c"]
    got, _ = outcome(lambda: trikmeans.KMeans(2, n_init=1).fit(df))
    want, _ = outcome(lambda: SKMeans(2, n_init=1).fit(df))
    assert got[0] is want[0] is TypeError
    head = want[1].split(" types.")[0]
    assert got[1].startswith(head), (got[1], head)


def test_feature_names_out_with_names():
    df = frame(5)
    ours, ref = both(df)
    assert list(ours.get_feature_names_out()) == \
        list(ref.get_feature_names_out())
    assert list(ours.get_feature_names_out(list(df.columns))) == \
        list(ref.get_feature_names_out(list(df.columns)))


def kind_and_name(message):
    """("NaN" or "infinity", the array named or None) of a message in
    scikit-learn's words "Input X contains NaN."; None if not so worded."""
    m = re.match(r"Input (?:(\w+) )?contains (NaN|infinity)", message)
    return m and (m.group(2), m.group(1))


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_not_finite_names_its_array(bad):
    """Every message on a value that is not finite says which array holds
    it, and which kind of value, as scikit-learn's do (scikit-learn names
    no array for init: ours does), and where it is."""
    rng = np.random.default_rng(6)
    X = rng.random((50, 3))
    Xbad = X.copy()
    Xbad[7, 1] = bad
    w = np.ones(50)
    w[9] = bad
    start = X[:3].copy()
    start[2, 0] = bad
    fitted = (trikmeans.KMeans(3, n_init=1).fit(X),
              SKMeans(3, n_init=1).fit(X))
    cases = [
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: K(3, n_init=1).fit(Xbad)),
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: K(3, n_init=1, init="random").fit(Xbad)),
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: K(3, n_init=1, init=X[:3]).fit(Xbad)),
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: fitted[i].predict(Xbad)),
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: fitted[i].transform(Xbad)),
        ("X", "point 7, column 1 (X[7, 1])",
         lambda K, i: fitted[i].score(Xbad)),
        ("sample_weight", "sample_weight[9]",
         lambda K, i: K(3, n_init=1).fit(X, sample_weight=w)),
        ("init", "initial centroid 2, column 0 (init[2, 0])",
         lambda K, i: K(3, n_init=1, init=start).fit(X)),
    ]
    for name, where, call in cases:
        got, _ = outcome(lambda: call(trikmeans.KMeans, 0))
        want, _ = outcome(lambda: call(SKMeans, 1))
        assert got[0] is want[0] is ValueError, (name, got, want)
        kind, ref_name = kind_and_name(want[1])
        assert kind_and_name(got[1]) == (kind, name), (got[1], want[1])
        assert ref_name in (None, name)
        assert where in got[1] and "init:" not in got[1], got[1]
