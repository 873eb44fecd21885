/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: naflm
-- ------------------------------------------------------
/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS `teams`;
CREATE TABLE `teams` (
  `team_id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(60) DEFAULT NULL,
  `owned_by_coach_id` int(11) DEFAULT NULL,
  PRIMARY KEY (`team_id`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
LOCK TABLES `teams` WRITE;
/*!40000 ALTER TABLE `teams` DISABLE KEYS */;
INSERT INTO `teams` VALUES (1,'JÃ¶rg\'s Ã–sterreich Orks',1),(2,'Les Ã‰toiles de LiÃ¨ge',2),(3,'Ã la carte',3),(4,'Plain Humans',1),(5,'Jörg beside JÃ¶rg',2);
/*!40000 ALTER TABLE `teams` ENABLE KEYS */;
UNLOCK TABLES;
-- Dump completed on 2026-11-01 10:00:00
