/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19-11.4.5-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: naflm
-- ------------------------------------------------------
-- Server version	11.4.5-MariaDB
-- Sample written by hand for our importer's tests (docs/examples/README.md): a NAFLM-2025 league
-- (BB2025 game data): injury codes PA = 8 and DEAD = 9, players_skills.cost, a single agn column.

/*!40101 SET NAMES utf8mb4 */;

DROP TABLE IF EXISTS `leagues`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `leagues` (
  `lid` mediumint(9),
  `name` varchar(60),
  `location` varchar(60),
  `date` datetime,
  `tie_teams` tinyint(3) unsigned
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `leagues` WRITE;
INSERT INTO `leagues` VALUES (1,'NAF Sunday League','Lyon','2025-09-01 10:00:00',1);
UNLOCK TABLES;

DROP TABLE IF EXISTS `divisions`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `divisions` (
  `did` mediumint(9),
  `f_lid` mediumint(9),
  `name` varchar(60)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `divisions` WRITE;
INSERT INTO `divisions` VALUES (1,1,'Premier');
UNLOCK TABLES;

DROP TABLE IF EXISTS `coaches`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `coaches` (
  `coach_id` mediumint(9),
  `name` varchar(60),
  `realname` varchar(60),
  `passwd` varchar(32),
  `mail` varchar(129),
  `phone` varchar(25),
  `ring` tinyint(3) unsigned,
  `retired` tinyint(3) unsigned
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `coaches` WRITE;
INSERT INTO `coaches` VALUES (1,'zoe','Zoë Lefèvre','1a1dc91c907325c69271ddf0c944bc72','zoe@example.org','',0,0),(2,'marc','Marc Roux','7c6a180b36896a0a8c02787eeafb0e4c','marc@example.org','',0,0),(3,'lena','Lena Weiss','6cb75f652a9b52798eb6cf2201057c73','','',0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `teams`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
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
  `ff` tinyint(3) unsigned,
  `tv` int(11),
  `fav_rule` smallint(5) unsigned,
  `teamleague` smallint(5) unsigned
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `teams` WRITE;
INSERT INTO `teams` VALUES (1,'Bugman\'s Brewers',1,4,1,1,95000,1,2,2,1,0,1,0,0,0,0,0,0,0,0,0,2,1000000,NULL,NULL),(2,'Nuln Nightwatch',2,9,1,1,60000,1,3,1,0,1,1,0,0,0,0,0,0,0,0,0,1,1050000,NULL,NULL),(3,'Fungus Flingers',3,25,1,1,1000000,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,NULL,NULL);
UNLOCK TABLES;

DROP TABLE IF EXISTS `players`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
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
  `ach_pa` tinyint(3) unsigned,
  `ach_av` tinyint(3) unsigned,
  `extra_spp` mediumint(9),
  `extra_val` int(11),
  `value` int(11),
  `status` tinyint(3) unsigned,
  `date_died` datetime,
  `date_retired` datetime,
  `is_captain` tinyint(4),
  `inj_ma` tinyint(3) unsigned,
  `inj_st` tinyint(3) unsigned,
  `inj_ag` tinyint(3) unsigned,
  `inj_pa` tinyint(3) unsigned,
  `inj_av` tinyint(3) unsigned,
  `inj_ni` tinyint(3) unsigned,
  `ma_mod` tinyint(4),
  `st_mod` tinyint(4),
  `ag_mod` tinyint(4),
  `pa_mod` tinyint(4),
  `av_mod` tinyint(4),
  `ni_mod` tinyint(4)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `players` WRITE;
INSERT INTO `players` VALUES (1,1,'Durin Ironfoot',1,1,40,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,3,NULL,NULL,0,1,0,0,0,0,1,0,0,0,0,0,0),(2,1,'Rurik Fleetbeard',1,2,41,'2025-09-10 18:00:00',NULL,0,0,0,0,0,-6,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(3,1,'Bromm Stonejaw',1,3,42,'2025-09-10 18:00:00',NULL,0,0,0,0,0,-3,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(4,1,'Skaldi Grimsson',1,4,43,'2025-09-10 18:00:00',NULL,0,0,0,0,0,-3,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(5,1,'Wilhelm Kraus',2,1,90,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,9,'2025-10-04 21:00:00',NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(6,1,'Konrad Adler',2,2,94,'2025-09-10 18:00:00',NULL,0,0,0,1,0,0,0,70000,1,NULL,NULL,0,0,0,0,1,0,0,0,0,0,0,0,0),(7,1,'Pip Underhill',2,3,91,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(8,1,'Big Gus',2,4,95,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(9,1,'Anna Falk',2,5,93,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(10,1,'Snik',3,1,250,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0),(11,1,'Fungo',3,2,253,'2025-09-10 18:00:00',NULL,0,0,0,0,0,0,0,70000,1,NULL,NULL,0,0,0,0,0,0,0,0,0,0,0,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `players_skills`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `players_skills` (
  `id` int(11),
  `f_pid` mediumint(9),
  `f_skill_id` smallint(5) unsigned,
  `type` varchar(1),
  `cost` varchar(1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `players_skills` WRITE;
INSERT INTO `players_skills` VALUES (1,3,52,'N','P'),(2,4,54,'N','R'),(3,2,23,'D','S'),(4,6,7,'N','P');
UNLOCK TABLES;

DROP TABLE IF EXISTS `tours`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `tours` (
  `tour_id` mediumint(9),
  `f_did` mediumint(9),
  `name` varchar(60),
  `type` tinyint(3) unsigned,
  `date_created` datetime,
  `rs` tinyint(3) unsigned,
  `locked` tinyint(3) unsigned
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `tours` WRITE;
INSERT INTO `tours` VALUES (1,1,'Autumn 2025',2,'2025-09-15 10:00:00',1,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `matches`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `matches` (
  `match_id` mediumint(9),
  `round` tinyint(3) unsigned,
  `f_tour_id` mediumint(9),
  `team1_id` mediumint(9),
  `team2_id` mediumint(9),
  `date_played` datetime,
  `team1_score` tinyint(3) unsigned,
  `team2_score` tinyint(3) unsigned,
  `gate` mediumint(8) unsigned,
  `income1` mediumint(9),
  `income2` mediumint(9),
  `ffactor1` tinyint(4),
  `ffactor2` tinyint(4),
  `bonus1` tinyint(4),
  `bonus2` tinyint(4)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `matches` WRITE;
INSERT INTO `matches` VALUES (1,1,1,1,2,'2025-10-04 20:00:00',2,0,40000,70000,50000,0,0,0,0),(2,2,1,2,1,'2025-10-18 20:00:00',1,1,42000,60000,60000,0,0,0,0);
UNLOCK TABLES;

DROP TABLE IF EXISTS `match_data`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
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
  `misc` tinyint(3) unsigned,
  `inj` tinyint(3) unsigned,
  `ir1_d1` tinyint(3) unsigned,
  `ir1_d2` tinyint(3) unsigned,
  `ir2_d1` tinyint(3) unsigned,
  `ir2_d2` tinyint(3) unsigned,
  `ir3_d1` tinyint(3) unsigned,
  `ir3_d2` tinyint(3) unsigned,
  `hat` tinyint(3) unsigned,
  `agn` tinyint(3) unsigned,
  `mg` tinyint(3) unsigned
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `match_data` WRITE;
INSERT INTO `match_data` VALUES (1,1,1,4,1,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(1,1,2,4,1,1,1,1,0,0,1,0,0,0,0,1,1,0,0,0,0,0,0,0,1,0),(1,1,3,4,1,1,1,1,0,0,1,0,1,0,0,0,1,0,0,0,0,0,0,0,1,0),(1,1,4,4,1,1,1,1,1,0,0,0,0,0,1,0,1,0,0,0,0,0,0,0,1,0),(2,2,5,9,1,1,1,1,0,0,0,0,0,0,0,0,9,0,0,0,0,0,0,0,1,0),(2,2,6,9,1,1,1,1,1,0,0,0,0,0,0,0,8,0,0,0,0,0,0,0,1,0),(2,2,7,9,1,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(2,2,8,9,1,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(2,2,9,9,1,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(1,1,1,4,2,1,1,1,1,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0,4,0),(1,1,2,4,2,1,1,1,0,0,1,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(1,1,3,4,2,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(1,1,4,4,2,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(2,2,6,9,2,1,1,1,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,1),(2,2,7,9,2,1,1,1,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(2,2,8,9,2,1,1,1,0,0,1,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0),(2,2,9,9,2,1,1,1,0,1,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1,0);
UNLOCK TABLES;

-- Dump completed on 2025-10-19 9:00:00
