-- MySQL dump 10.13  Distrib 5.7.44, for Linux (x86_64)
--
-- Host: localhost    Database: obblm
-- ------------------------------------------------------
-- Server version	5.7.44
-- Sample written by hand for our importer's tests (docs/examples/README.md): an OBBLM 0.8+ league
-- with LRB6 game data, in mysqldump's default form (extended inserts).

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8 */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;

DROP TABLE IF EXISTS `leagues`;
CREATE TABLE `leagues` (
  `lid` mediumint(9),
  `name` varchar(60),
  `location` varchar(60),
  `date` datetime,
  `tie_teams` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `leagues` WRITE;
INSERT INTO `leagues` VALUES (1,'Loire Valley League','Tours','2025-12-01 20:00:00',1);
UNLOCK TABLES;

DROP TABLE IF EXISTS `divisions`;
CREATE TABLE `divisions` (
  `did` mediumint(9),
  `f_lid` mediumint(9),
  `name` varchar(60)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `divisions` WRITE;
INSERT INTO `divisions` VALUES (1,1,'Division A');
UNLOCK TABLES;

DROP TABLE IF EXISTS `coaches`;
CREATE TABLE `coaches` (
  `coach_id` mediumint(9),
  `name` varchar(60),
  `realname` varchar(60),
  `passwd` varchar(32),
  `mail` varchar(129),
  `phone` varchar(25),
  `ring` tinyint(3) unsigned,
  `settings` varchar(320),
  `retired` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `coaches` WRITE;
INSERT INTO `coaches` VALUES (1,'JÃ¶rg','JÃ¶rg Weber','5f4dcc3b5aa765d61d8327deb882cf99','jorg@example.org','',0,'',0),
(2,'alice','Alice Martin','0d107d09f5bbe40cade3de5c71e9e9b7','alice@example.org','',2,'',0),
(3,'bruno','Bruno Petit','e99a18c428cb38d5f260853678922e03','bruno@example.org','',0,'',0),
(4,'chloe','Chloé Durand','d8578edf8458ce06fbc5bb76a58c5ca4','chloe@example.org','',0,'',1);
UNLOCK TABLES;

DROP TABLE IF EXISTS `teams`;
CREATE TABLE `teams` (
  `team_id` mediumint(9),
  `name` varchar(60),
  `owned_by_coach_id` mediumint(9),
  `f_race_id` tinyint(3) unsigned,
  `f_did` mediumint(9),
  `f_lid` mediumint(9),
  `treasury` bigint(20),
  `apothecary` tinyint(3) unsigned,
  `rerolls` mediumint(9),
  `ff_bought` tinyint(3) unsigned,
  `ass_coaches` mediumint(9),
  `cheerleaders` mediumint(9),
  `rdy` tinyint(3) unsigned,
  `imported` tinyint(3) unsigned,
  `retired` tinyint(3) unsigned,
  `won_0` smallint(5) unsigned,
  `lost_0` smallint(5) unsigned,
  `draw_0` smallint(5) unsigned,
  `played_0` smallint(5) unsigned,
  `wt_0` smallint(5) unsigned,
  `gf_0` smallint(5) unsigned,
  `ga_0` smallint(5) unsigned,
  `f_rname` varchar(60),
  `f_cname` varchar(60),
  `ff` tinyint(3) unsigned,
  `tv` int(11)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `teams` WRITE;
INSERT INTO `teams` VALUES (1,'Reikland Reavers',1,9,1,1,120000,1,3,3,1,1,1,0,0,0,0,0,0,0,0,0,'Human','JÃ¶rg',3,910000),
(2,'Orcs & <Gobbos>',2,12,1,1,45000,1,2,2,0,2,1,0,0,0,0,0,0,0,0,0,'Orc','alice',3,670000),
(3,'Karak Azgal Hammers',3,4,1,1,80000,1,2,4,2,0,1,1,0,3,1,2,6,0,7,4,'Dwarf','bruno',4,710000),
(4,'Athelorn Avengers',4,20,1,1,150000,1,2,2,0,1,1,0,0,0,0,0,0,0,0,0,'Wood Elf','chloe',5,840000);
UNLOCK TABLES;

DROP TABLE IF EXISTS `players`;
CREATE TABLE `players` (
  `player_id` mediumint(9),
  `type` tinyint(3) unsigned,
  `name` varchar(60),
  `owned_by_team_id` mediumint(9),
  `nr` mediumint(9),
  `f_pos_id` smallint(5) unsigned,
  `date_bought` datetime,
  `date_sold` datetime,
  `ach_ma` tinyint(3) unsigned,
  `ach_st` tinyint(3) unsigned,
  `ach_ag` tinyint(3) unsigned,
  `ach_av` tinyint(3) unsigned,
  `extra_spp` mediumint(9),
  `extra_val` int(11),
  `value` int(11),
  `status` tinyint(3) unsigned,
  `date_died` datetime,
  `inj_ma` tinyint(3) unsigned,
  `inj_st` tinyint(3) unsigned,
  `inj_ag` tinyint(3) unsigned,
  `inj_av` tinyint(3) unsigned,
  `inj_ni` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `players` WRITE;
INSERT INTO `players` VALUES (1,1,'Hans Kessler',1,1,90,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,50000,1,NULL,0,0,0,0,0),
(2,1,'Otto Brandt',1,2,90,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,50000,1,NULL,0,0,0,0,0),
(3,1,'Fritz Lang',1,3,91,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,90000,1,NULL,0,0,0,0,0),
(4,1,'Griff Oberwald',1,4,92,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,90000,1,NULL,0,0,0,0,0),
(5,1,'Dieter Hammerlash',1,5,93,'2025-12-05 18:00:00',NULL,0,0,0,0,2,0,140000,1,NULL,0,0,0,0,0),
(6,1,'Brak Bonecrusher',1,6,94,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,140000,1,NULL,0,0,0,0,0),
(7,2,'Jorn the Loaned',1,12,90,'2026-02-01 12:00:00',NULL,0,0,0,0,0,0,50000,1,NULL,0,0,0,0,0),
(8,1,'Grishnak',2,1,120,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,50000,1,NULL,0,0,0,0,0),
(9,1,'Ugluk',2,2,120,'2025-12-05 18:00:00','2026-02-15 10:00:00',0,0,0,0,0,0,50000,1,NULL,0,0,0,0,0),
(10,1,'Gorbag',2,3,123,'2025-12-05 18:00:00',NULL,0,1,0,0,0,0,130000,1,NULL,0,0,0,0,0),
(11,1,'Varag Ghoul-Chewer',2,4,124,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,100000,1,NULL,0,0,0,0,0),
(12,1,'Snaga',2,5,122,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,70000,1,NULL,0,0,0,0,0),
(13,1,'Nibbler',2,6,121,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,40000,8,'2026-01-10 21:00:00',0,0,0,0,0),
(14,1,'Bonk',2,7,125,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,110000,1,NULL,0,0,0,0,0),
(15,1,'Grimli Stonefist',3,1,40,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,70000,1,NULL,0,0,0,0,0),
(16,1,'Thorin Oakshield',3,2,40,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,70000,7,NULL,0,1,0,0,0),
(17,1,'Balin Swiftfoot',3,3,41,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,80000,1,NULL,0,0,0,0,0),
(18,1,'Gimrik Ironhelm',3,4,42,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,100000,1,NULL,0,0,0,0,0),
(19,1,'Gotrek',3,5,43,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,90000,1,NULL,0,0,0,0,1),
(20,1,'The Roller',3,6,44,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,160000,1,NULL,0,0,0,0,0),
(21,1,'Aelin',4,1,200,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,70000,1,NULL,0,0,0,0,0),
(22,1,'Faelar',4,2,200,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,70000,1,NULL,0,0,0,1,0),
(23,1,'Ithil Swiftwind',4,3,201,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,110000,1,NULL,0,0,0,0,0),
(24,1,'Lorien',4,4,202,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,90000,1,NULL,0,0,0,0,0),
(25,1,'Vaelis Bladesong',4,5,203,'2025-12-05 18:00:00',NULL,1,0,0,0,0,0,150000,1,NULL,0,0,0,0,0),
(26,1,'Oakheart',4,6,204,'2025-12-05 18:00:00',NULL,0,0,0,0,0,0,120000,1,NULL,0,0,0,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `players_skills`;
CREATE TABLE `players_skills` (
  `id` int(11),
  `f_pid` mediumint(9),
  `f_skill_id` smallint(5) unsigned,
  `type` varchar(1)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `players_skills` WRITE;
INSERT INTO `players_skills` VALUES (1,4,40,'N'),
(2,5,13,'N'),
(3,5,23,'D'),
(4,11,54,'N'),
(5,18,52,'N'),
(6,23,26,'N'),
(7,3,7,'N'),
(8,25,12,'N');
UNLOCK TABLES;

DROP TABLE IF EXISTS `tours`;
CREATE TABLE `tours` (
  `tour_id` mediumint(9),
  `f_did` mediumint(9),
  `name` varchar(60),
  `type` tinyint(3) unsigned,
  `date_created` datetime,
  `rs` tinyint(3) unsigned,
  `locked` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `tours` WRITE;
INSERT INTO `tours` VALUES (1,1,'Season 1',2,'2026-01-01 10:00:00',1,1),
(2,1,'Season 1 Final',1,'2026-02-15 10:00:00',1,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `matches`;
CREATE TABLE `matches` (
  `match_id` mediumint(9),
  `round` tinyint(3) unsigned,
  `f_tour_id` mediumint(9),
  `locked` tinyint(3) unsigned,
  `submitter_id` mediumint(9),
  `stadium` mediumint(9),
  `gate` mediumint(8) unsigned,
  `fans` mediumint(9),
  `ffactor1` tinyint(4),
  `ffactor2` tinyint(4),
  `income1` mediumint(9),
  `income2` mediumint(9),
  `team1_id` mediumint(9),
  `team2_id` mediumint(9),
  `date_created` datetime,
  `date_played` datetime,
  `date_modified` datetime,
  `team1_score` tinyint(3) unsigned,
  `team2_score` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `matches` WRITE;
INSERT INTO `matches` VALUES (-1,0,-1,1,1,3,0,0,0,0,0,0,3,3,'0000-00-00 00:00:00','0000-00-00 00:00:00','0000-00-00 00:00:00',0,0),
(1,1,1,1,1,1,34000,0,1,-1,60000,50000,1,2,'2026-01-10 20:00:00','2026-01-10 20:00:00','2026-01-10 20:00:00',2,1),
(2,1,1,1,1,3,30000,0,0,0,50000,50000,3,4,'2026-01-11 20:00:00','2026-01-11 20:00:00','2026-01-11 20:00:00',1,1),
(3,2,1,1,1,1,31000,0,0,0,50000,50000,1,3,'2026-01-24 20:00:00','2026-01-24 20:00:00','2026-01-24 20:00:00',1,1),
(4,2,1,1,1,2,29000,0,0,1,40000,60000,2,4,'2026-01-25 20:00:00','2026-01-25 20:00:00','2026-01-25 20:00:00',0,2),
(5,3,1,1,1,1,33000,0,-1,1,40000,70000,1,4,'2026-02-07 20:00:00','2026-02-07 20:00:00','2026-02-07 20:00:00',0,1),
(6,3,1,1,1,2,28000,0,1,0,60000,40000,2,3,'2026-02-08 20:00:00','2026-02-08 20:00:00','2026-02-08 20:00:00',2,1),
(7,255,2,1,1,4,52000,0,1,0,90000,70000,4,1,'2026-02-21 20:00:00','2026-02-21 20:00:00','2026-02-21 20:00:00',2,1);
UNLOCK TABLES;

DROP TABLE IF EXISTS `match_data`;
CREATE TABLE `match_data` (
  `f_coach_id` mediumint(9),
  `f_team_id` mediumint(9),
  `f_player_id` mediumint(9),
  `f_race_id` tinyint(3) unsigned,
  `f_match_id` mediumint(9),
  `f_tour_id` mediumint(9),
  `f_did` mediumint(9),
  `f_lid` mediumint(9),
  `mvp` tinyint(3) unsigned,
  `cp` tinyint(3) unsigned,
  `td` tinyint(3) unsigned,
  `intcpt` tinyint(3) unsigned,
  `bh` tinyint(3) unsigned,
  `si` tinyint(3) unsigned,
  `ki` tinyint(3) unsigned,
  `inj` tinyint(3) unsigned,
  `ir1_d1` tinyint(3) unsigned,
  `ir1_d2` tinyint(3) unsigned,
  `ir2_d1` tinyint(3) unsigned,
  `ir2_d2` tinyint(3) unsigned,
  `ir3_d1` tinyint(3) unsigned,
  `ir3_d2` tinyint(3) unsigned,
  `agn1` tinyint(3) unsigned,
  `agn2` tinyint(3) unsigned,
  `mg` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `match_data` WRITE;
INSERT INTO `match_data` VALUES (3,3,15,4,-1,-1,1,1,1,0,3,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,18,4,-1,-1,1,1,1,0,2,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,19,4,-1,-1,1,1,1,0,0,0,2,1,1,1,0,0,0,0,0,0,3,1,0),
(3,3,16,4,-1,-1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,17,4,-1,-1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,20,4,-1,-1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,1,9,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,2,9,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,3,9,1,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,4,9,1,1,1,1,0,2,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,5,9,1,1,1,1,1,0,1,0,0,0,0,1,4,3,0,0,0,0,1,1,0),
(1,1,6,9,1,1,1,1,0,0,0,0,0,0,1,1,0,0,0,0,0,0,1,1,0),
(2,2,8,12,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,9,12,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,10,12,1,1,1,1,1,0,0,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,11,12,1,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,12,12,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,13,12,1,1,1,1,0,0,0,0,0,0,0,8,0,0,0,0,0,0,1,1,0),
(2,2,14,12,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,15,4,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,16,4,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,17,4,2,1,1,1,1,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,18,4,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,19,4,2,1,1,1,0,0,0,0,0,1,0,1,0,0,0,0,0,0,1,1,0),
(3,3,20,4,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,21,20,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,22,20,2,1,1,1,0,0,0,0,0,0,0,5,0,0,0,0,0,0,1,1,0),
(4,4,23,20,2,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,24,20,2,1,1,1,0,1,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,25,20,2,1,1,1,1,0,0,1,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,26,20,2,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,1,9,3,1,1,1,0,0,0,0,0,0,0,2,0,0,0,0,0,0,1,1,0),
(1,1,2,9,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,3,9,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,4,9,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,5,9,3,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,6,9,3,1,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,15,4,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,16,4,3,1,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,17,4,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,18,4,3,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,19,4,3,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,20,4,3,1,1,1,0,0,0,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,8,12,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,9,12,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,10,12,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,11,12,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,12,12,4,1,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,14,12,4,1,1,1,0,0,0,0,0,1,0,1,0,0,0,0,0,0,1,1,0),
(4,4,21,20,4,1,1,1,0,0,0,0,0,0,0,3,0,0,0,0,0,0,1,1,0),
(4,4,22,20,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,1),
(4,4,23,20,4,1,1,1,1,0,2,0,0,0,0,1,2,5,0,0,0,0,1,1,0),
(4,4,24,20,4,1,1,1,0,2,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,25,20,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,26,20,4,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,1,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,1),
(1,1,2,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,3,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,4,9,5,1,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,5,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,6,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,7,9,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,21,20,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,1),
(4,4,22,20,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,23,20,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,24,20,5,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,25,20,5,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,26,20,5,1,1,1,1,0,0,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,8,12,6,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,9,12,6,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,10,12,6,1,1,1,0,0,0,0,0,1,0,1,0,0,0,0,0,0,1,1,0),
(2,2,11,12,6,1,1,1,1,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,12,12,6,1,1,1,0,1,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(2,2,14,12,6,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,15,4,6,1,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,16,4,6,1,1,1,0,0,0,0,0,0,0,7,0,0,0,0,0,0,1,1,0),
(3,3,17,4,6,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,18,4,6,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,19,4,6,1,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,20,4,6,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(3,3,-5,4,6,1,1,1,0,0,0,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,21,20,7,2,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,22,20,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,23,20,7,2,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,24,20,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,25,20,7,2,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(4,4,26,20,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,1,9,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,2,9,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,3,9,7,2,1,1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,4,9,7,2,1,1,0,1,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,5,9,7,2,1,1,1,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,6,9,7,2,1,1,0,0,0,0,1,0,0,1,0,0,0,0,0,0,1,1,0),
(1,1,7,9,7,2,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,1,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `mv_players`;
CREATE TABLE `mv_players` (
  `f_pid` mediumint(9),
  `f_tid` mediumint(9),
  `f_cid` mediumint(9),
  `f_rid` tinyint(3) unsigned,
  `f_trid` mediumint(9),
  `f_did` mediumint(9),
  `f_lid` mediumint(9),
  `spp` smallint(5) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `mv_players` WRITE;
INSERT INTO `mv_players` VALUES (5,1,1,9,1,1,1,11),
(23,4,4,20,1,1,1,14),
(23,4,4,20,2,1,1,3);
UNLOCK TABLES;

DROP TABLE IF EXISTS `mv_teams`;
CREATE TABLE `mv_teams` (
  `f_tid` mediumint(9),
  `f_cid` mediumint(9),
  `f_rid` tinyint(3) unsigned,
  `f_trid` mediumint(9),
  `f_did` mediumint(9),
  `f_lid` mediumint(9),
  `won` smallint(5) unsigned,
  `lost` smallint(5) unsigned,
  `draw` smallint(5) unsigned,
  `played` smallint(5) unsigned,
  `gf` smallint(5) unsigned,
  `ga` smallint(5) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `mv_teams` WRITE;
INSERT INTO `mv_teams` VALUES (1,1,9,1,1,1,1,1,1,3,3,3),
(2,2,12,1,1,1,1,2,0,3,3,5),
(3,3,4,1,1,1,0,1,2,3,3,4),
(4,4,20,1,1,1,2,0,1,3,4,1),
(1,1,9,2,1,1,0,1,0,1,1,2),
(4,4,20,2,1,1,1,0,0,1,2,1);
UNLOCK TABLES;

/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;

-- Dump completed on 2026-02-22 10:00:00
