-- MySQL dump 10.11
--
-- Host: localhost    Database: obblm075
-- ------------------------------------------------------
-- Server version	5.0.51a-24
-- Sample written by hand for our importer's tests (docs/examples/README.md): an OBBLM 0.75 league
-- (before 0.8: skills as comma-separated names, some in old spellings), dumped with
-- --skip-extended-insert (one INSERT per row).

/*!40101 SET NAMES utf8 */;

DROP TABLE IF EXISTS `leagues`;
CREATE TABLE `leagues` (
  `lid` mediumint(8) unsigned,
  `name` varchar(60),
  `location` varchar(60),
  `date` datetime
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `leagues` WRITE;
INSERT INTO `leagues` VALUES (1,'Old Reikland League','Altdorf','2009-03-01 12:00:00');
UNLOCK TABLES;

DROP TABLE IF EXISTS `divisions`;
CREATE TABLE `divisions` (
  `did` mediumint(8) unsigned,
  `f_lid` mediumint(8) unsigned,
  `name` varchar(60)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `divisions` WRITE;
INSERT INTO `divisions` VALUES (1,1,'Open');
UNLOCK TABLES;

DROP TABLE IF EXISTS `coaches`;
CREATE TABLE `coaches` (
  `coach_id` mediumint(8) unsigned,
  `name` varchar(60),
  `realname` varchar(60),
  `passwd` varchar(32),
  `mail` varchar(129),
  `phone` varchar(25),
  `ring` tinyint(3) unsigned,
  `retired` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `coaches` WRITE;
INSERT INTO `coaches` VALUES (1,'ernst','Ernst Vogel','098f6bcd4621d373cade4e832627b4f6','ernst@example.org','',0,0);
INSERT INTO `coaches` VALUES (2,'greta','Greta Fuchs','ad0234829205b9033196ba818f7a872b','','',0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `teams`;
CREATE TABLE `teams` (
  `team_id` mediumint(8) unsigned,
  `name` varchar(60),
  `owned_by_coach_id` mediumint(8) unsigned,
  `f_race_id` tinyint(3) unsigned,
  `f_did` mediumint(8) unsigned,
  `f_lid` mediumint(8) unsigned,
  `treasury` bigint(20),
  `apothecary` tinyint(3) unsigned,
  `rerolls` mediumint(8) unsigned,
  `ff_bought` tinyint(3) unsigned,
  `ass_coaches` mediumint(8) unsigned,
  `cheerleaders` mediumint(8) unsigned,
  `imported` tinyint(3) unsigned,
  `retired` tinyint(3) unsigned,
  `won_0` smallint(5) unsigned,
  `lost_0` smallint(5) unsigned,
  `draw_0` smallint(5) unsigned,
  `gf_0` smallint(5) unsigned,
  `ga_0` smallint(5) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `teams` WRITE;
INSERT INTO `teams` VALUES (1,'Altdorf Aces',1,9,1,1,70000,1,3,4,0,0,0,0,0,0,0,0,0);
INSERT INTO `teams` VALUES (2,'Skull Splitters',2,1,1,1,30000,0,2,3,0,0,0,0,0,0,0,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `players`;
CREATE TABLE `players` (
  `player_id` mediumint(8) unsigned,
  `name` varchar(60),
  `owned_by_team_id` mediumint(8) unsigned,
  `nr` mediumint(8) unsigned,
  `f_pos_id` smallint(5) unsigned,
  `date_bought` datetime,
  `date_sold` datetime,
  `ach_nor_skills` varchar(320),
  `ach_dob_skills` varchar(320),
  `extra_skills` varchar(320),
  `ach_ma` tinyint(3) unsigned,
  `ach_st` tinyint(3) unsigned,
  `ach_ag` tinyint(3) unsigned,
  `ach_av` tinyint(3) unsigned,
  `extra_spp` mediumint(9)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `players` WRITE;
INSERT INTO `players` VALUES (1,'Karl',1,1,90,'2009-03-02 19:00:00',NULL,'','','',0,0,0,0,0);
INSERT INTO `players` VALUES (2,'Max',1,2,93,'2009-03-02 19:00:00',NULL,'Tackle','','',0,0,0,0,0);
INSERT INTO `players` VALUES (3,'Grom',1,3,94,'2009-03-02 19:00:00',NULL,'','Block','',0,0,0,0,0);
INSERT INTO `players` VALUES (4,'Lukas',1,4,91,'2009-03-02 19:00:00',NULL,'Sure Hands','','',0,0,0,0,0);
INSERT INTO `players` VALUES (5,'Gor',2,1,10,'2009-03-02 19:00:00',NULL,'Claws','','',0,0,0,0,0);
INSERT INTO `players` VALUES (6,'Khorgar',2,2,11,'2009-03-02 19:00:00',NULL,'Block,Mighty Blow','','',0,0,0,0,0);
INSERT INTO `players` VALUES (7,'Bullhorn',2,3,12,'2009-03-02 19:00:00',NULL,'','','Bone Head',0,0,0,0,0);
INSERT INTO `players` VALUES (8,'Skarr',2,4,10,'2009-03-02 19:00:00',NULL,'','','',0,0,0,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `tours`;
CREATE TABLE `tours` (
  `tour_id` mediumint(8) unsigned,
  `f_did` mediumint(8) unsigned,
  `name` varchar(60),
  `type` tinyint(3) unsigned,
  `date_created` datetime,
  `rs` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `tours` WRITE;
INSERT INTO `tours` VALUES (1,1,'Spring Friendlies',1,'2009-03-01 12:00:00',1);
UNLOCK TABLES;

DROP TABLE IF EXISTS `matches`;
CREATE TABLE `matches` (
  `match_id` mediumint(9),
  `round` tinyint(3) unsigned,
  `f_tour_id` mediumint(8) unsigned,
  `team1_id` mediumint(8) unsigned,
  `team2_id` mediumint(8) unsigned,
  `date_played` datetime,
  `team1_score` tinyint(3) unsigned,
  `team2_score` tinyint(3) unsigned,
  `gate` mediumint(8) unsigned,
  `income1` mediumint(9),
  `income2` mediumint(9),
  `ffactor1` tinyint(4),
  `ffactor2` tinyint(4)
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `matches` WRITE;
INSERT INTO `matches` VALUES (1,1,1,1,2,'2009-03-07 20:00:00',1,2,20000,40000,50000,0,1);
INSERT INTO `matches` VALUES (2,2,1,2,1,'2009-03-14 20:00:00',1,1,21000,40000,40000,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `match_data`;
CREATE TABLE `match_data` (
  `f_team_id` mediumint(8) unsigned,
  `f_player_id` mediumint(9),
  `f_race_id` tinyint(3) unsigned,
  `f_match_id` mediumint(9),
  `f_tour_id` mediumint(8) unsigned,
  `f_did` mediumint(8) unsigned,
  `f_lid` mediumint(8) unsigned,
  `mvp` tinyint(3) unsigned,
  `cp` tinyint(3) unsigned,
  `td` tinyint(3) unsigned,
  `intcpt` tinyint(3) unsigned,
  `bh` tinyint(3) unsigned,
  `si` tinyint(3) unsigned,
  `ki` tinyint(3) unsigned,
  `inj` tinyint(3) unsigned,
  `agn1` tinyint(3) unsigned,
  `agn2` tinyint(3) unsigned
) ENGINE=MyISAM DEFAULT CHARSET=latin1;
LOCK TABLES `match_data` WRITE;
INSERT INTO `match_data` VALUES (1,1,9,1,1,1,1,0,0,0,0,0,0,0,2,1,1);
INSERT INTO `match_data` VALUES (1,2,9,1,1,1,1,0,1,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (1,3,9,1,1,1,1,0,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (1,4,9,1,1,1,1,1,0,1,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,5,1,1,1,1,1,0,0,1,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,6,1,1,1,1,1,1,0,1,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,7,1,1,1,1,1,0,0,0,0,1,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,8,1,1,1,1,1,0,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (1,2,9,2,1,1,1,0,0,1,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (1,3,9,2,1,1,1,1,0,0,0,0,1,0,1,1,1);
INSERT INTO `match_data` VALUES (1,4,9,2,1,1,1,0,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,5,1,2,1,1,1,0,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,6,1,2,1,1,1,0,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,7,1,2,1,1,1,1,0,0,0,0,0,0,1,1,1);
INSERT INTO `match_data` VALUES (2,8,1,2,1,1,1,0,0,1,0,0,0,0,3,1,1);
UNLOCK TABLES;

-- Dump completed on 2009-03-15 10:00:00
