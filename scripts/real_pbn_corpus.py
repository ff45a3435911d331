"""Gather the real PBN files of tests/data/pbn/real/README.md from mirrors of their repositories
(each pinned to a commit and checked by SHA-256) into the real records' folder that
tests/real_records.py finds, for tests/test_pbn_real.py; it runs by hand, never at test time,
and writes the files' list (the README's table) with --readme.

    python scripts/real_pbn_corpus.py --mirrors /work/.mirror "$VINT_REAL_RECORDS/pbn" [--large]
    python scripts/real_pbn_corpus.py --readme > tests/data/pbn/real/README.md

A mirror is a bare git directory at MIRRORS/<owner>+<name>/repo; without one the file is
printed as its raw.githubusercontent.com address, to download by hand.
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Source:
    """One real file: its name here, where it comes from, what it holds, and its SHA-256."""

    name: str
    repo: str
    commit: str
    path: str
    kind: str
    sha256: str
    large: bool = False  # over ~60 KB: surveyed, not kept in the repository


BEN = "7c2c5585de6395713e2cbc0de61bb38244c6fe02"
PBNTOOLS = "97ab9be52486aaa422286700406fcc819466fb7b"
ZDENECEK = "07621e886cc16bc2afcf3057ef4c805c8573f6d4"
BRIDGEBOTS = "4c575d57bce2913a712c02828ffc24b62c321c7e"
ENDPLAY = "260af100d7dacc0e81babd839d5596ca7f20017a"
AABRIDGE = "5495f3a8e93b7035c6b1320afb2780e66171f584"
WOPDEVRIES = "110b5cccf0b3a5e4a305d6a73e96bc68bd293888"
BELLICAUD = "74f8205932f8b2ef9751651a869c168a44aea6de"

LICENCES = {
    "lorserker/ben": "GPL-3.0 (the repository's LICENSE)",
    "jarekczek/pbntools": "not stated",
    "zdenecek/pbn": "MIT (the repository's LICENSE, © 2023 Zdeněk Tomis)",
    "forrestrice/bridge-bots": "MIT (the repository's LICENSE, © 2019 Forrest Rice)",
    "dominicprice/endplay": "MIT (the repository's LICENCE, © 2021 Dominic Price)",
    "RogerPf/aaBridge": "not stated",
    "wopdevries/Calculate_PBN_Results": "MIT (the repository's LICENSE, © 2024 BSalita)",
    "lucbellicaud/bridgetrainer": "MIT (the repository's Old/LICENSE, © 2021 lucbellicaud); the results are the French federation's",
}

DAYLONG = "BBO daylong export (robots and humans, one table per game, no [Room])"
SINGLE = "BBO board (one robot game: auction and play)"
HELPER = "BBO Helper export (a pairs session's boards with [ScorePercentage], tab-separated)"
TOURNAMENT = "BBO tournament export (pairs, one game per table, no [Room])"
CLUB = "Polish club results (pairs or teams: each table's contract and result, no auction)"
TRAVELLERS = ("a federation's pairs session (Magic Contest: each board's [ScoreTable] traveller of 22 tables with "
              "matchpoints, percentages and adjusted scores, the pairs' totals)")
ROBOTS = "robot match (BEN, GIB, WBridge5: auctions, play, results)"
BIDDING = "bidding record (robots' or players' auctions and contracts, no play nor result)"
DEALS = "hand record, deal only (dealing programs, a championship's or a match's boards)"
COMPOSER = "BridgeComposer output (quiz, notes, hidden hands)"
VUGRAPH = "championship vugraph or RealBridge record (both rooms, commentary)"

SOURCES: tuple[Source, ...] = (
    Source("bbo-forums-sunday-daylong.pbn", "lorserker/ben", BEN, "Boards/BBO/BBO Forums Sunday Daylong Daylong.pbn",
           DAYLONG, "5e64b9cbb8d2f94ba27540cd371bfa0528ec146373d18aac5cbd70ca7ec1e3cd"),
    Source("ben-friends-2024-06-03.pbn", "lorserker/ben", BEN,
           "Boards/BBO/Ben & Friends Daily - 2024-06-03 Daylong.pbn",
           DAYLONG, "c4f593ec145cce55d61c21d3d0d8fd6d89ba1f99944d5aebe0b6630d4462122e"),
    Source("ben-friends-2024-07-24.pbn", "lorserker/ben", BEN,
           "Boards/BBO/Ben & Friends Daily - 2024-07-24 Daylong.pbn",
           DAYLONG, "8b75e6894fe1da92264a5d6d3f5362cb5b24fc4f859241c78169959c1138a437"),
    Source("ben-friends-2024-08-07.pbn", "lorserker/ben", BEN,
           "Boards/BBO/Ben & Friends Daily - 2024-08-07 Daylong.pbn",
           DAYLONG, "f557655b8ad4eafeab3ba6ed8bb1df0335e14618306a58b0c67141dae8f8a28e"),
    Source("diana-and-friends-daylong.pbn", "lorserker/ben", BEN, "Boards/BBO/Diana and Friends Daylong Daylong.pbn",
           DAYLONG, "f7f454041a97a994e5ef78b79bb0db8c985032c68a3b4378099725cf35caf53e"),
    Source("free-super-sunday-daylong.pbn", "lorserker/ben", BEN,
           "Boards/BBO/Free Super Sunday Daylong (Aug 4) Daylong.pbn", DAYLONG,
           "9771c3a552083d2cad05cef1854fd8ed73b6d92c538d5fe4f7eae55568440dec"),
    Source("rob-barrington-weekend-daylong.pbn", "lorserker/ben", BEN,
           "Boards/BBO/Rob Barrington's Weekend Game Daylong.pbn", DAYLONG,
           "200fbf0bd4b080aee96f76ac8c67e8fca7c73ef0d4c6848706d43177095e85ee"),
    Source("bbo-cold-6d.pbn", "lorserker/ben", BEN, "Boards/BBO/cold 6d.pbn", SINGLE,
           "33edd935ffa036d76ed388ea761b157422c1e38f7bd685a959e90c6073c12aa2"),
    Source("bbo-too-many-trumps.pbn", "lorserker/ben", BEN, "Boards/BBO/too many trumps.pbn", SINGLE,
           "6dd9197f2c42c34345f25f1294e0ede106f31770611cc7a8c5517f1a2a3930e8"),
    Source("bbo-annamar-1538-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_10_bbo_www_annamar_1538_php/annamar_1538_pairs_untitled.pbn", TOURNAMENT,
           "65dfc979558824a1e3dc88c423533ea3b1a2f266f55ae467de3d7b8f99550750"),
    Source("bbo-sky-club-2196-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_6_bbo_skyclub_20130810/sky_club_2196_pairs_sky_club_jackpot_2000.pbn", TOURNAMENT,
           "6554d7e76f0efb8e2181123b0218fad6a0fa807dcdfbc3e02b3d3501a1f3a6d8"),
    Source("bbo-aba-17901-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_11_aba_17901/aba_17901_aba_pairs.pbn", TOURNAMENT,
           "4ef588f37bfc70ef82750e993a6768f243baeb47134c02f4ff9be9e70cf9ea5e"),
    Source("bbo-history.pbn", "jarekczek/pbntools", PBNTOOLS, "test/test_bbo_history_with_lins/history_expected.pbn",
           TOURNAMENT, "5828b3c768a6602fa54093842918f3835d8f6f95d7589058c99ba4db7cbd7049"),
    Source("kops-sm0807-teams.pbn", "jarekczek/pbntools", PBNTOOLS, "test/test_4_kops_www_20130807/sm0807.pbn",
           CLUB, "add6b7f1cbe64031f4d7e7bf82cb9849eb0634b865502271b3d2297d49b55aae"),
    Source("barometr-wb120802-pairs.pbn", "jarekczek/pbntools", PBNTOOLS, "test/test_1_pary/WB120802/wb120802.pbn",
           CLUB, "ddf9f478ff7af862b7a13ace2b89a0f23c893bd341c3530b340b134f8ff44bb7"),
    Source("bbo-helper-pairs-2025.pbn", "wopdevries/Calculate_PBN_Results", WOPDEVRIES,
           "PJ  wop.pbn", HELPER,
           "2c0b9bbfac25a744aa776ac21938e270553c3d13e9b1e0c26fc7b04391a061e3"),
    Source("challenge-bw-result.pbn", "lorserker/ben", BEN, "Challenges/Results/BW-Result.pbn", BIDDING,
           "d8c05957b3b71e04800c5e32dfd24398570fc24121f5c91938806e83990f0f1a"),
    Source("challenge-ctc050620-ben3.pbn", "lorserker/ben", BEN, "Challenges/Results/CTC050620-BEN3.pbn", BIDDING,
           "ba407a8a41fd50d1cdad12fc58a48cd338772e313807605c9b9c6adc11bf624b"),
    Source("challenge-ctc-gib-8712.pbn", "lorserker/ben", BEN, "Challenges/Results/CTC_mayjun20-GIB-BBO-8712.pbn",
           BIDDING, "cc27b28da854275b6ff6ececbafdf8e5b773b1dcda9124a6be289ab8d6f30638"),
    Source("challenge-ctc-gib-8734.pbn", "lorserker/ben", BEN, "Challenges/Results/CTC_mayjun20-GIB-BBO-8734.pbn",
           BIDDING, "9f2fee437ef2aa72c3ed9b591717dd181e123feb3ba9cc68c1338dc4a34d0f68"),
    Source("challenge-oct13-jun24-ben3.pbn", "lorserker/ben", BEN, "Challenges/Results/oct13_jun24-BEN3.pbn",
           BIDDING, "e5f80402c781eb9d0a779d31d29b05c19ed0f80cc7a3463b2b173dc9f19de951"),
    Source("ben99-v-wbridge5-match14.pbn", "lorserker/ben", BEN,
           "Boards/Thorvald/Cleaned_DDS_match14- BEN99-14 v WBridge5.pbn", DEALS,
           "a20aae41c50ab3b0f66b63c50dd89c4e6734b2da75dca417daedebff8a2a4a3c"),
    Source("ben-dual-lead-v-wbridge5.pbn", "lorserker/ben", BEN, "Boards/Thorvald/Random- BEN-Dual-Lead v WBridge5.pbn",
           ROBOTS, "134513cfc4e37c69ca7be65da86b133355d4c0003d78b9f39793ef3afad099d0"),
    Source("ben-match-set0010.pbn", "lorserker/ben", BEN, "scripts/match/bidding/set0010.pbn", DEALS,
           "0e484767c02fb9e3feeac1b9795c220a47c74dd4d76a5523372d2e8df1ee22f5"),
    Source("bidding-2d-3d.pbn", "lorserker/ben", BEN, "Boards/Thorvald/2D-3D.pbn", BIDDING,
           "10f6a58c3700ad805669fe03fbf8511431a384f9e21d2f40dc8a34084c15b6de"),
    Source("bidding-minorwood.pbn", "lorserker/ben", BEN, "Boards/Thorvald/minorwood.pbn", BIDDING,
           "b4d51ceec6434341e2253c288cd0a59dec56f098f06a9b1c42d01b6152c75c13"),
    Source("bidding-ctc-mayjun20.pbn", "lorserker/ben", BEN, "Challenges/CTC_mayjun20.pbn", BIDDING,
           "b41593773dce7464f2ceaca95eab57c37a64312bc1544dddd34a7663955a1cc2"),
    Source("composer-bw-quiz.pbn", "lorserker/ben", BEN, "Challenges/BW.pbn", COMPOSER,
           "8873a1499072e8c1bca31b8347e884db143e7654ca95bb55a2e18949d6bc44fd"),
    Source("composer-martens-declarer.pbn", "lorserker/ben", BEN, "Challenges/martens_declarer_first10.pbn",
           COMPOSER, "4a415f73c9c22e120f799717a6b26be801fe2b9670bc99b853012951dfc00ef3"),
    Source("composer-hands.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/bridgecomposer.pbn", COMPOSER,
           "e051dfa32bc0fc0fa7169f3b1b9ce7c15f3ca3b58e3a177d32102516bb0b3e18"),
    Source("bigdeal-1-1.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/bigdeal.pbn", DEALS,
           "ec8afbd5592c96e930a8a29875f63dca936c32ab201e94aaaac33f21ec7c9b8d"),
    Source("bigdeal-deepfinesse.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/bigdeal_with_deepfinese_analyses.pbn",
           DEALS, "5ae89ebbff4af87ce6f8399c56b8b04d0e9dd17e8581d38cff7e40aa91d8e165"),
    Source("bigdeal-large1.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/large1.pbn", DEALS,
           "7d1a9f50706630d775ad1f1a7d6417a9fa2170ae6b0612addb3e48b8bd8787d2"),
    Source("bigdeal-psbridge.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/psbridge.pbn", DEALS,
           "2c4a67cd964e366d50814953017efd420e0f9857f9a162ae91cc67a55e88f284"),
    Source("no-contract-can-be-made.pbn", "zdenecek/pbn", ZDENECEK, "pbn_files/nocontractcanbemade.pbn", DEALS,
           "efda157ebbbdb33bef5e8928ca35bf070f4aacc6e666b62f57ea66663923fb8a"),
    Source("aabridge-general-practice-a.pbn", "RogerPf/aaBridge", AABRIDGE,
           "src/Books-L/99  1827 Hands for upload to BBO or Practice on aaBridge/gen__01__General_practice_A.pbn",
           DEALS, "757a594059080e54a026ffb89914004b0d14b1594495b95a277ce5603d389538"),
    Source("aabridge-acbl-1.pbn", "RogerPf/aaBridge", AABRIDGE, "src/Books/97  Work Bench/acbl_pbn_1.pbn", DEALS,
           "8d6dde9ec0f6af129e104f6f3483608e53d15d2534d4e384d133464ba37ccec4"),
    Source("vugraph-commented.pbn", "forrestrice/bridge-bots", BRIDGEBOTS, "bridgebots/tests/resources/sample.pbn",
           VUGRAPH, "a3eaa5bba009de31d9aab80e6e43ddfd65bf640ccc85705aa81cfd7a92d61711"),
    Source("vugraph-spingold-2014.pbn", "forrestrice/bridge-bots", BRIDGEBOTS,
           "bridgebots/tests/resources/shared_deals.pbn", VUGRAPH,
           "23a49ad274a27580737ed9557ab6b85c3c1f2a305842e32cc975364d2d1a318e"),
    Source("vugraph-wc-2012-board-1.pbn", "dominicprice/endplay", ENDPLAY, "tests/pbn/example4.pbn", VUGRAPH,
           "97ccbd23ed7a2ccda7d3535d6fe6603aae326981717976737430515f45960877"),
    Source("endplay-example1.pbn", "dominicprice/endplay", ENDPLAY, "tests/pbn/example1.pbn", VUGRAPH,
           "a274ab1eba2857c07e46b2c2e899914676877a95b7077023301fa334ba4eb9f2"),
    Source("realbridge-2021-online-qual.pbn", "dominicprice/endplay", ENDPLAY, "tests/pbn/example2.pbn", VUGRAPH,
           "72250772fa4397f387a8130eb25b2ea4df4283494e903cbd736a3e0ce4dd6578",
           large=True),
    Source("vugraph-wc-2012.pbn", "dominicprice/endplay", ENDPLAY, "tests/pbn/example3.pbn", VUGRAPH,
           "c3a38b68efe7542bb0785082c6acba2cea6bced859a4328e84656e46d7d71b49", large=True),
    Source("camrose-2024.pbn", "lorserker/ben", BEN, "demo/Camrose24_1.pbn", DEALS,
           "9206c921e8167d9a99182513b2c0ab21dfca560f2856d7e0cb70c28965751f01", large=True),
    Source("kops-pch1003-teams.pbn", "jarekczek/pbntools", PBNTOOLS, "test/test_2_kops/PCH1003/PCH1003.pbn", CLUB,
           "86ef46dce13d6cd5ea9e1877fef2f9f52600ba24ce7047f3fa305e45ae449f42",
           large=True),
    Source("barometr-wb130801-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_3_pary_20130801/WB130801/wb130801.pbn",
           CLUB, "c9bdbffe46848494f64eea136a67e0272a3b037b3c93da5f43908d91b053bf43", large=True),
    Source("szczyrk-131108-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_9_pary_www_szczyrk_20131108/131108szczyrk.pbn", CLUB,
           "7245eb3a9bc9bd71637f54e475e00e4977fe21ed099e1ee54248b6aa139a05c5", large=True),
    Source("bbo-acbl-speedball-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_7_bbo_www_acbl_20130810/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn", TOURNAMENT,
           "833c95e904e46308a26967921da16e7ed27f8cd2f550ced3aa0e059d44845ee2", large=True),
    Source("bbo-wronie-9533-pairs.pbn", "jarekczek/pbntools", PBNTOOLS,
           "test/test_8_bbo_wronie_20130824/wronie_9533_pairs_2720_przyjaciele_wronia.pbn", TOURNAMENT,
           "0f1283e347e16abb56ba320053ce13c953e408a9d035d254da26378b03f918cd", large=True),
    Source("camrose-2024-ben.pbn", "lorserker/ben", BEN, "demo/camrose2024_BEN.pbn", ROBOTS,
           "95a21ff0c094de16bfdbef28f2fc38f3d3b77e85f3a13a32b04f86d081d0e539", large=True),
    Source("tablemonitor-from-jack.pbn", "lorserker/ben", BEN, "scripts/data/TableMonitor/From Jack 2.pbn", ROBOTS,
           "3711c399554ec207fcf6809de80a56670320faa4fdc9b35661d7e2caabe98b0f",
           large=True),
    Source("camrose-2024-bencam22-v-wbridge5.pbn", "wopdevries/Calculate_PBN_Results", WOPDEVRIES,
           "DDS_Camrose24_1- BENCAM22 v WBridge5.pbn", ROBOTS,
           "0de0021bb44232320515e224131355e6b7dc69653e372f2a2649b40dcd03bce8", large=True),
    Source("ffb-dn1-final-2022-session-1.pbn", "lucbellicaud/bridgetrainer", BELLICAUD,
           "Boards/Pbns/open2dn1nationalfinaledirecte21-22-sance1.pbn", TRAVELLERS,
           "50e92fdab07e0948d609db795ab65b4275502e0f4b32c75dd0caa09559386934", large=True),
    Source("ffb-dn1-final-2022-session-5.pbn", "lucbellicaud/bridgetrainer", BELLICAUD, "Boards/Pbns/test_set.pbn",
           TRAVELLERS + "; its board 1 given names, an auction and a second [Score] by hand",
           "0c2a2691554efb2e6782ebe020012ebcd0f30c6a7c277b98b77d493b281d3e59", large=True),
    Source("pav-first120-gib.pbn", "lorserker/ben", BEN, "Challenges/Results/pav_first120-GIB-BBO-8730.pbn", BIDDING,
           "ce0ea9e292d70a173e2ceb6809c7dfd756811674b96614cb32be9be646e89e44",
           large=True),
)


def mirror_bytes(mirrors: Path, source: Source) -> bytes | None:
    """The file at its commit from the mirror of its repository, or ``None`` without a mirror."""
    repo = mirrors / source.repo.replace("/", "+") / "repo"
    if not repo.is_dir():
        return None
    return subprocess.run(["git", "-C", str(repo), "show", f"{source.commit}:{source.path}"],
                          check=True, capture_output=True).stdout


def raw_address(source: Source) -> str:
    return f"https://raw.githubusercontent.com/{source.repo}/{source.commit}/{source.path}"


def readme_rows(sources: tuple[Source, ...], licences: dict[str, str]) -> str:
    """The README's table: each file, its kind, where it comes from, its licence and SHA-256."""
    rows = ["| file | kind | repository, path, commit | licence | SHA-256 |", "|---|---|---|---|---|"]
    for s in sources:
        where = f"`{s.repo}`, `{s.path}`, `{s.commit[:12]}`"
        rows.append(f"| `{s.name}`{' (large)' if s.large else ''} | {s.kind} | {where} | {licences[s.repo]} | "
                    f"`{s.sha256[:16]}…` |")
    return "\n".join(rows)


def main(sources: tuple[Source, ...], licences: dict[str, str], doc: str) -> int:
    """Write each of ``sources`` checked by its SHA-256 (or print its list); 1 if one is missing."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", nargs="?", type=Path, help="the directory to write the files to")
    parser.add_argument("--mirrors", type=Path, help="the directory of the repositories' mirrors")
    parser.add_argument("--large", action="store_true", help="the large files too")
    parser.add_argument("--readme", action="store_true", help="print the README's table of files")
    args = parser.parse_args()
    if args.readme:
        print(readme_rows(sources, licences))
        return 0
    if args.target is None or args.mirrors is None:
        parser.error("give the target directory and --mirrors (or --readme)")
    args.target.mkdir(parents=True, exist_ok=True)
    status = 0
    for source in sources:
        if source.large and not args.large:
            continue
        data = mirror_bytes(args.mirrors, source)
        if data is None:
            print(f"{source.name}: no mirror of {source.repo}; download {raw_address(source)}")
            status = 1
            continue
        if hashlib.sha256(data).hexdigest() != source.sha256:
            print(f"{source.name}: SHA-256 {hashlib.sha256(data).hexdigest()} is not the one listed", file=sys.stderr)
            status = 1
            continue
        (args.target / source.name).write_bytes(data)
    return status


if __name__ == "__main__":
    raise SystemExit(main(SOURCES, LICENCES, __doc__))
