-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
--
-- Host: localhost    Database: obblm
/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS `coaches`;
CREATE TABLE `coaches` (
  `coach_id` int NOT NULL AUTO_INCREMENT,
  `name` varchar(50) NOT NULL,
  `realname` varchar(60) DEFAULT NULL,
  PRIMARY KEY (`coach_id`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
LOCK TABLES `coaches` WRITE;
INSERT INTO `coaches` VALUES (1,'admin','Site admin'),(2,'joerg','Jörg M'),(3,'cut','The upload stopped in the mid
