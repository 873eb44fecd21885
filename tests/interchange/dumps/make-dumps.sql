-- The statements behind the three dumps beside this file (MariaDB 10.11.19, a throwaway server):
--   mariadb < make-dumps.sql
--   mariadb-dump --routines --triggers obblm > mariadb-extended.sql
--   mariadb-dump --routines --triggers --skip-extended-insert --complete-insert --hex-blob obblm \
--     > mariadb-one-row-per-insert-hex-blob.sql
--   mariadb-dump --default-character-set=latin1 --hex-blob obblm > mariadb-latin1-connection.sql
DROP DATABASE IF EXISTS obblm;
CREATE DATABASE obblm CHARACTER SET latin1;
USE obblm;
CREATE TABLE coaches (coach_id int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, name varchar(50) NOT NULL, realname varchar(60), passwd varchar(32), `key` varchar(10), retired tinyint(1) NOT NULL DEFAULT 0, joined datetime NOT NULL DEFAULT '2000-01-01 00:00:00', KEY k_name (name)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
CREATE TABLE teams (team_id int NOT NULL PRIMARY KEY, name varchar(60), treasury int, tv decimal(12,2), ratio double, logo blob, notes text CHARACTER SET utf8mb4) ENGINE=InnoDB DEFAULT CHARSET=latin1;
CREATE TABLE empty_one (id int);
CREATE TABLE matches (match_id int PRIMARY KEY, date_played datetime, d date);
CREATE VIEW v_teams AS SELECT team_id, name FROM teams;
DELIMITER ;;
CREATE PROCEDURE syncAll() BEGIN UPDATE teams SET tv = tv; INSERT INTO empty_one VALUES (1); END;;
CREATE TRIGGER t_bi BEFORE INSERT ON teams FOR EACH ROW BEGIN SET NEW.treasury = NEW.treasury; END;;
DELIMITER ;
SET NAMES utf8mb4;
INSERT INTO coaches (name, realname, passwd, `key`) VALUES ('admin', 'Site admin', md5('x'), NULL), ('bob', 'Bob "the" O''Brien \\ back', NULL, 'k'), ('tab', 'a\tb\nc\rd\0e\Zf', NULL, '%_'), ('genuine', 'Ã la carte', NULL, NULL), ('utf', 'Jörg Œuvre €', NULL, NULL);
-- OBBLM's double encoding: this file's UTF-8 bytes sent over a latin1 connection into a latin1 column
SET NAMES latin1;
INSERT INTO coaches (name, realname) VALUES ('jorg', 'Jörg Müller'), ('lodz', 'Łódź Ćwiczenia');
SET NAMES utf8mb4;
INSERT INTO teams VALUES (1, 'Orcs', -50000, 1234567.00, 1.5, 0xFFD8FF00FE, 'émoji 🏈'), (2, 'Elves', 0, 0.50, -2e-3, 'text blob', NULL);
SET SESSION sql_mode = '';
INSERT INTO matches VALUES (-1, '0000-00-00 00:00:00', '0000-00-00'), (2, '2010-05-01 20:00:00', '2010-05-01');
