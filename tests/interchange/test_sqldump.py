"""The mysqldump/MariaDB dump reader: both INSERT styles, escapes, literals, comments, refusals."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from league.interchange.safe import UnsafeInput
from league.interchange.sqldump import ValueRepair, read_dump

HOSTILE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hostile"

COACHES = """-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!50503 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS `coaches`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
CREATE TABLE `coaches` (
  `coach_id` int unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(50) NOT NULL DEFAULT '' COMMENT 'login, (unique)',
  `key` varchar(10) DEFAULT NULL,
  `retired` tinyint(1) NOT NULL DEFAULT '0',
  `joined` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  PRIMARY KEY (`coach_id`),
  UNIQUE KEY `name` (`name`),
  KEY `joined` (`joined`,`retired`)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=latin1;
/*!40101 SET character_set_client = @saved_cs_client */;
LOCK TABLES `coaches` WRITE;
/*!40000 ALTER TABLE `coaches` DISABLE KEYS */;
"""
END = """/*!40000 ALTER TABLE `coaches` ENABLE KEYS */;
UNLOCK TABLES;
-- Dump completed on 2026-11-01 10:00:00
"""


def dump(inserts: str, **kwargs):
    return read_dump((COACHES + inserts + END).encode(), **kwargs)


def refusal(data: bytes, **kwargs) -> UnsafeInput:
    with pytest.raises(UnsafeInput) as caught:
        read_dump(data, **kwargs)
    return caught.value


def test_an_extended_insert_gives_rows_named_by_the_create_table_columns():
    read = dump(
        "INSERT INTO `coaches` VALUES (1,'admin',NULL,0,'2009-03-01 10:00:00'),(2,'bob','k',1,'0000-00-00 00:00:00');\n"
    )
    assert read.columns == {"coaches": ["coach_id", "name", "key", "retired", "joined"]}
    assert read.tables["coaches"] == [
        {"coach_id": 1, "name": "admin", "key": None, "retired": 0, "joined": "2009-03-01 10:00:00"},
        {"coach_id": 2, "name": "bob", "key": "k", "retired": 1, "joined": "0000-00-00 00:00:00"},
    ]
    assert (read.server, read.repairs, read.warnings) == ("mysql", [], [])


def test_one_insert_per_row_with_column_lists_as_skip_extended_insert_writes():
    inserts = "".join(
        f"INSERT INTO `coaches` (`coach_id`, `name`, `key`, `retired`, `joined`) VALUES ({i},'c{i}',NULL,0,'2010-01-0{i}');\n"
        for i in range(1, 4)
    )
    rows = dump(inserts).tables["coaches"]
    assert [row["name"] for row in rows] == ["c1", "c2", "c3"]


def test_create_or_replace_and_a_database_qualified_name_are_read():
    read = read_dump(b"CREATE OR REPLACE TABLE IF NOT EXISTS `naflm`.`races` (`race_id` int, name text);")
    assert (read.columns, read.tables) == ({"races": ["race_id", "name"]}, {"races": []})


def test_a_column_list_names_the_columns_when_there_is_no_create_table():
    read = read_dump(b"INSERT INTO obblm.`teams` (`team_id`,`name`) VALUES (1,'Orcs'),\n(2,'Elves');")
    assert read.columns == {"teams": ["team_id", "name"]}
    assert read.tables["teams"] == [{"team_id": 1, "name": "Orcs"}, {"team_id": 2, "name": "Elves"}]


@pytest.mark.parametrize(
    ("literal", "value"),
    [
        (r"'it\'s'", "it's"),
        ("'it''s'", "it's"),
        (r"'back\\slash'", "back\\slash"),
        (r"'two\nlines\r\n'", "two\nlines\r\n"),
        (r"'nul\0 and ctrl-Z \Z'", "nul\0 and ctrl-Z \x1a"),
        (r"'tab\t \"quoted\" \b'", 'tab\t "quoted" \b'),
        (r"'like \% and \_ keep their backslash, \q does not'", r"like \% and \_ keep their backslash, q does not"),
        ("'a, (b); c'", "a, (b); c"),
        ('"double quoted ""too"""', 'double quoted "too"'),
        ("\"two '' stay\"", "two '' stay"),
        ("''", ""),
        ("_binary 'Jo'", "Jo"),
        ("_utf8mb4'Jö'", "Jö"),
        ("N'national'", "national"),
        ("0x4A6F6E6573", "Jones"),
        ("X'4A6F'", "Jo"),
        ("0x", ""),
        ("b'101'", 5),
        ("-12", -12),
        ("- 7", -7),
        ("12.00", 12),
        ("-3.50", -3.5),
        ("1e3", 1000),
        ("NULL", None),
        ("TRUE", 1),
        ("/* a comment */ 5", 5),
    ],
)
def test_mysql_literals(literal, value):
    read = dump(f"INSERT INTO `coaches` VALUES (1,{literal},NULL,0,'2009-03-01');\n")
    assert read.tables["coaches"][0]["name"] == value


def test_a_binary_value_that_is_not_text_is_null_and_warned_about():
    read = dump("INSERT INTO `coaches` VALUES (1,0xFFFE00,NULL,0,'2009-03-01'),\n(2,X'FF',NULL,0,'x');\n")
    assert [row["name"] for row in read.tables["coaches"]] == [None, None]
    assert read.warnings == [
        "2 binary value(s) that are not text were read as NULL (the first in statement 4, line 19)."
    ]


def test_the_mariadb_sandbox_line_comments_and_other_statements_are_skipped():
    text = (
        "/*M!999999\\- enable the sandbox mode */ \n-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB\n# a hash comment\n"
    )
    text += COACHES + "INSERT /* inline */ INTO `coaches` VALUES (1,'a -- not a comment',NULL,0,'x');\n" + END
    read = read_dump(text.encode())
    assert read.server == "mariadb"
    assert read.tables["coaches"][0]["name"] == "a -- not a comment"


def test_routines_and_triggers_between_delimiters_are_skipped():
    routine = """DELIMITER ;;
CREATE DEFINER=`root`@`localhost` PROCEDURE `syncAll`()
BEGIN
  INSERT INTO coaches VALUES (99);
  UPDATE teams SET tv = 0;
END ;;
DELIMITER ;
"""
    read = dump(
        "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x');\n"
        + routine
        + "INSERT INTO `coaches` VALUES (2,'b',NULL,0,'x');\n"
    )
    assert [row["coach_id"] for row in read.tables["coaches"]] == [1, 2]
    assert read.warnings == ["Routines and triggers skipped from line 20."]


def test_a_column_named_delimiter_is_a_column():
    read = read_dump(
        b"CREATE TABLE t (\n  id int,\n  delimiter char(1),\n  delimiter2 int);\nINSERT INTO t VALUES (1,';',2);"
    )
    assert read.tables["t"] == [{"id": 1, "delimiter": ";", "delimiter2": 2}]


def test_only_the_tables_asked_for_are_kept_and_an_empty_one_is_there():
    text = COACHES + END + "CREATE TABLE `teams` (`team_id` int);\nINSERT INTO `teams` VALUES (1),(2);\n"
    read = read_dump(text.encode(), tables={"coaches"})
    assert read.tables == {"coaches": []}
    assert read.columns == {"coaches": ["coach_id", "name", "key", "retired", "joined"], "teams": ["team_id"]}


def test_double_encoded_values_are_repaired_and_each_repair_reported():
    read = dump("INSERT INTO `coaches` VALUES (1,'JÃ¶rg','Ã',0,'x'),(2,'plain',NULL,0,'x'),(3,'Ã©mile','ok',0,'x');\n")
    assert [row["name"] for row in read.tables["coaches"]] == ["Jörg", "plain", "émile"]
    assert read.tables["coaches"][0]["key"] == "Ã"
    assert read.repairs == [
        ValueRepair("coaches", 0, "name", "JÃ¶rg", "Jörg"),
        ValueRepair("coaches", 2, "name", "Ã©mile", "émile"),
    ]


def test_the_double_encoded_sample():
    read = read_dump((HOSTILE / "double-encoded.sql").read_bytes())
    assert read.server == "mariadb"
    assert [row["name"] for row in read.tables["teams"]] == [
        "Jörg's Österreich Orks",
        "Les Étoiles de Liège",
        "Ã la carte",
        "Plain Humans",
        "Jörg beside JÃ¶rg",  # half genuine, half double-encoded: no clean round trip, left alone
    ]
    assert [(r.row, r.column) for r in read.repairs] == [(0, "name"), (1, "name")]


def test_a_latin1_dump_is_read_as_windows_1252_and_says_so():
    read = read_dump((COACHES + "INSERT INTO `coaches` VALUES (1,'Jörg',NULL,0,'x');\n" + END).encode("cp1252"))
    assert (read.encoding, read.tables["coaches"][0]["name"]) == ("cp1252", "Jörg")
    assert read.warnings == ["1 value(s) that are not UTF-8 were read as Windows-1252."]


def test_a_utf8_dump_with_a_raw_binary_column_keeps_its_text():
    text = COACHES.encode() + "INSERT INTO `coaches` VALUES (1,'Jörg','".encode() + b"\xff\xd8\\0\x01\x02"
    read = read_dump(text + b"',0,'x');\n" + END.encode())
    assert read.tables["coaches"][0]["name"] == "Jörg" and read.tables["coaches"][0]["key"] is None
    assert read.warnings == [
        "1 binary value(s) that are not text were read as NULL (the first in statement 4, line 19)."
    ]


def test_a_dump_without_its_completion_line_is_read_with_a_warning():
    read = read_dump((COACHES + "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x');\n").encode())
    assert read.warnings == ["The dump has no 'Dump completed' line at its end: it may be incomplete."]


# -- refusals ------------------------------------------------------------------------------------------
def test_the_truncated_sample_is_refused_naming_the_line():
    error = refusal((HOSTILE / "truncated.sql").read_bytes())
    assert (error.code, error.params["line"]) == ("sql_truncated", 13)


@pytest.mark.parametrize(
    "tail",
    [
        "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x'),(2,'b',NULL",
        "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x')",
        "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x');\n/* a comment that never ends",
        "INSERT INTO `coaches` VALUES (1,'a\\');",
        "UNLOCK TABLES",
    ],
)
def test_a_dump_cut_short_is_refused(tail):
    assert refusal((COACHES + tail).encode()).code == "sql_truncated"


def test_a_row_with_the_wrong_number_of_values_is_refused_naming_table_and_statement():
    error = refusal((COACHES + "INSERT INTO `coaches` VALUES (1,'a',NULL,0,'x'),(2,'b',NULL,0);\n" + END).encode())
    assert error.code == "sql_row_columns"
    assert str(error) == "Table coaches, statement 4 (line 19): row 2 has 4 values for 5 columns."


def test_an_insert_whose_columns_are_unknown_is_refused():
    error = refusal(b"INSERT INTO `teams` VALUES (1,'Orcs');")
    assert (error.code, error.params["table"]) == ("sql_no_columns", "teams")


@pytest.mark.parametrize(
    "data",
    [b"hello, this is a letter\n", b'{"team": {"name": "Orcs"}}', b"SELECT * FROM insertions;", b"-- INSERT\n"],
)
def test_what_is_not_a_dump_is_refused(data):
    assert refusal(data).code == "sql_not_dump"


def test_binary_garbage_and_an_oversized_dump_are_refused():
    assert refusal(b"INSERT INTO t VALUES (1);" + bytes(range(32)) * 10).code == "binary"
    assert refusal((COACHES + END).encode(), limit=100).code == "too_large"


def test_an_expression_where_a_value_belongs_is_refused():
    error = refusal((COACHES + "INSERT INTO `coaches` VALUES (1,NOW(),NULL,0,'x');\n" + END).encode())
    assert (error.code, error.params["token"]) == ("sql_syntax", "NOW")


def test_a_long_row_that_the_fast_path_cannot_take_is_read_in_linear_time():
    # The whole-row expression fails only at the last value: it must not backtrack for ever.
    values = ",".join(["'a''b'", "12345", "NULL"] * 30_000)
    text = f"CREATE TABLE t ({', '.join(f'c{i} int' for i in range(90_001))});\nINSERT INTO t VALUES ({values},0x41);"
    started = time.process_time()
    read = read_dump(text.encode())
    assert read.tables["t"][0]["c90000"] == "A"
    assert time.process_time() - started < 10


def test_a_number_python_will_not_read_is_refused():
    error = refusal((COACHES + f"INSERT INTO `coaches` VALUES ({'9' * 5000},'a',NULL,0,'x');\n" + END).encode())
    assert error.code == "sql_bad_value"
