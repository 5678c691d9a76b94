"""The scrubber's measured figures, reproducible: recall and false redaction on the issue-15 secrets
files — the development files (tuned on: dev, the spent held-out, fresh, dev2), where the floors are
the issue's goal, which the figures reach, and the untouched third split, measured once with the
rules final, where the floors are the figures it reached (below the goal; docs/privacy.md
"## Secrets") — and on this package's own corpus."""

from __future__ import annotations

import pytest

from evaluation.suites.hygiene import CORPUS_SPLITS, HELDOUT_DIR, secret_figures

RECALL_FLOOR = 0.99
FALSE_REDACTION_CEILING = 0.01


DEVELOPMENT = [HELDOUT_DIR / "secrets_dev.jsonl", HELDOUT_DIR / "secrets_heldout.jsonl",
               HELDOUT_DIR.with_name("issue15_fresh") / "secrets_heldout2.jsonl",
               HELDOUT_DIR.with_name("issue15_dev2") / "secrets_dev2.jsonl",
               # Spent since their single clean run (docs/privacy.md), tuned on in the fourth round.
               HELDOUT_DIR.with_name("issue15_third") / "secrets_heldout3.jsonl",
               HELDOUT_DIR.with_name("issue15_fourth") / "secrets_untouched4.jsonl"]


@pytest.mark.parametrize("path", DEVELOPMENT, ids=lambda p: p.name)
def test_recall_and_false_redaction_on_the_development_files(path) -> None:
    figures = secret_figures(path)
    assert figures["positives"] >= 85 and figures["negatives"] >= 40  # the whole file was read
    assert figures["recall"] >= RECALL_FLOOR, figures["per_kind"]
    assert figures["false_redaction"] <= FALSE_REDACTION_CEILING, figures


def test_the_third_split_floors_as_measured_once() -> None:
    path = dict(CORPUS_SPLITS)["heldout"]
    assert path.parent.name == "issue15_third"
    figures = secret_figures(path)
    assert (figures["positives"], figures["negatives"]) == (180, 180)
    assert figures["found"] >= 171 and figures["false"] <= 6


def test_the_measure_counts_a_miss_and_a_false_redaction(tmp_path) -> None:
    path = tmp_path / "mini.jsonl"
    path.write_text(
        '{"text": "my password is Gato-8526", "has_secret": true, "secret": "Gato-8526", "kind": "pw"}\n'
        '{"text": "the secret is that she likes tea", "has_secret": true, "secret": "likes tea", "kind": "pw"}\n'
        '{"text": "ordinary line", "has_secret": false, "secret": null, "kind": "none"}\n'
        '{"text": "api_key=Zx8Kq3Lm9Tp2Wr7Vn4Sb1YhQ6", "has_secret": false, "secret": null, "kind": "none"}\n',
        encoding="utf-8")
    figures = secret_figures(path)
    assert (figures["found"], figures["positives"], figures["false"], figures["negatives"]) == (1, 2, 1, 2)
    assert figures["per_kind"] == {"pw": {"found": 1, "of": 2}}


def test_the_leave_one_author_out_tables_cover_a_hundred_and_two_authors_and_every_kind() -> None:
    from evaluation.detector_cv import SECRET_SOURCES, loao_secrets

    figures = loao_secrets()
    assert list(SECRET_SOURCES) == ["A1", "A2", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T",
                                   "U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC",
                                   "AD", "AE", "AF", "AG", "AH", "AI", "AJ", "AK", "AL", "AM", "AN", "AO", "AP", "AQ", "AR", "AS", "AT", "AU", "AV", "AW", "AX", "AY", "AZ", "BA", "BB", "BC", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BK", "BL", "BM", "BN", "BO", "BP", "BQ", "BR", "BS", "BT", "BU", "BV", "BW", "BX", "BY", "BZ", "CA", "CB", "CC", "CD", "CE", "CF", "CG", "CH", "CI", "CJ", "CK", "CL", "CM", "CN", "CO", "CP", "CQ", "CR", "CS", "CT", "CU", "CV", "CW"]
    pooled = figures["pooled"]
    assert pooled["recall"][1] == sum(figures[a]["recall"][1] for a in SECRET_SOURCES) >= 1400
    assert {"pin", "passphrase_spaced", "password_prose", "obfuscated"} <= set(pooled["by_kind"])
    assert pooled["recall"][0] / pooled["recall"][1] >= RECALL_FLOOR
    assert pooled["false_redaction"][0] / pooled["false_redaction"][1] <= FALSE_REDACTION_CEILING
    # In sample, as measured on the forty-first round (docs/privacy.md): 11,464/11,465 and 3/11,280 over
    # the 76 authors (main before it: 11,458 and 6); BX and BY, read once at the end of stop 42 on that
    # round, add 296/300 and 3/300; BZ and CA, read once at the start of stop 43 on the same code,
    # add 296/300 and 4/300. The forty-second round (stop 43, sec43) measures 12,063/12,065 and 2/11,880
    # over all 80 (main before it: 12,056 and 10); CB and CC, read once at the end of stop 43 on that
    # round, add 297/300 and 2/300; CD and CE, read once at the start of stop 44 on the same code,
    # add 296/300 and 2/300. The forty-third round (stop 44, sec44) measures 12,665/12,665 and 2/12,480
    # over all 84 (main before it: 12,656 and 6; in sample, CD and CE not blind); CF and CG, read once
    # at the end of stop 44 on that round, add 297/300 and 3/300; CH and CI, read once at the start
    # of stop 45 on the same code (977fcd9), add 295/300 and 2/300. The forty-fourth round (stop 45,
    # sec45) measures 13,263/13,265 and 5/13,080 over all 88 (main before it: 13,257 and 7; in sample,
    # CH and CI opened after their as-read 297/300 and 0/300 on the round's first version); CJ and CK,
    # read once at the end of stop 45 on that round (ca9284e), add 295/300 and 1/300; CL and CM, read
    # once at the start of stop 46 on the same code (2898aa9), add 299/300 and 2/300. The forty-fifth
    # round (stop 46, sec46) measures 13,863/13,865 and 5/13,680 over all 92 (main before it, 5645228:
    # 13,857 and 8; in sample: CJ–CM described at the start of the stop, their texts opened); CN and CO,
    # read once at the end of stop 46 on that round (5fcc6c3), add 299/300 and 5/300; after that reading
    # the lead's two filters (a required shell variable, a Spanish placeholder) clear k92-251 and
    # k93-276 and change nothing else among 95,235 spent strings (in sample); CP and CQ, read once at the
    # start of stop 47 on that code (ae07a11), add 298/300 and 2/300. The forty-sixth round (stop 47,
    # sec47) measures 14,463/14,465 and 5/14,280 over all 96 (main before it, 6ae5a52: 14,460 and 10; in
    # sample: CN–CQ's open cases described, their texts opened after CP/CQ's as-read 298/300 and 2/300 on
    # the round's first version); CR and CS, read once at the end of stop 47 on that round (98a059f), add
    # 299/300 and 2/300; CT and CU, read once at the start of stop 48 on that code (ec6f62d), add 298/300
    # and 2/300 (15,060 and 9 over all 100). Stop 48 (sec48) measures 15,063/15,065 and 5/14,880 over all
    # 100 (in sample: written from CR–CU's seven open ids, their texts opened). A floor and a ceiling, so
    # a regression fails.
    assert (pooled["recall"][1], pooled["false_redaction"][1]) == (15365, 15180)
    assert pooled["recall"][0] >= 15360 and pooled["false_redaction"][0] <= 6


def test_the_benchmark_reads_the_spent_files_only() -> None:
    """A directory of a spent file may also hold an untouched set (issue15_tenth does), so the cost
    benchmark reads exactly the listed files, never a directory."""
    from benchmarks import scrubbing
    from evaluation import train_special
    from evaluation.detector_cv import SECRET_SOURCES

    read: list[object] = []
    original = type(SECRET_SOURCES["J"]).read_text

    def spy(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        read.append(path)
        return original(path, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(SECRET_SOURCES["J"]), "read_text", spy)
        texts = scrubbing._texts()
    assert set(read) == {*SECRET_SOURCES.values(), *train_special.SOURCES.values()}
    assert len(texts) >= 4000
