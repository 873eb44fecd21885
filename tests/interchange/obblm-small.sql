-- A small OBBLM (LRB6 era) dump, by hand: the league of tests/interchange/obblm_builders.py.
-- MySQL dump 10.13  Distrib 5.7.44, for Linux (x86_64)
SET NAMES utf8;
CREATE TABLE `coaches` (`coach_id` int NOT NULL, `name` varchar(50), `realname` varchar(50), `passwd` varchar(32), `mail` varchar(129), `retired` tinyint(1), PRIMARY KEY (`coach_id`));
INSERT INTO `coaches` VALUES (1,'JÃ¶rg Schmidt','JÃ¶rg Schmidt','5f4dcc3b5aa765d61d8327deb882cf99','jorg@example.org',0),(2,'dora','','5f4dcc3b5aa765d61d8327deb882cf99','dora@example.org',0),(3,'Balin','','5f4dcc3b5aa765d61d8327deb882cf99','',0);
CREATE TABLE `teams` (`team_id` int NOT NULL, `name` varchar(50), `owned_by_coach_id` int, `f_race_id` int, `treasury` bigint, `apothecary` tinyint(1), `rerolls` int, `ff_bought` int, `ass_coaches` int, `cheerleaders` int, `retired` tinyint(1), `tv` bigint, PRIMARY KEY (`team_id`));
INSERT INTO `teams` VALUES (1,'Reavers & <Co>',1,9,120000,1,3,4,1,2,0,1000000),(2,'Gouged Eye',2,14,30000,0,2,3,0,0,0,900000),(3,'Longbeards',3,4,0,0,1,2,0,1,1,700000);
CREATE TABLE `tours` (`tour_id` int NOT NULL, `name` varchar(60), `type` int, PRIMARY KEY (`tour_id`));
INSERT INTO `tours` VALUES (1,'Season 2014',2);
CREATE TABLE `matches` (`match_id` int NOT NULL, `f_tour_id` int, `round` int, `date_played` datetime, `team1_id` int, `team2_id` int, `team1_score` int, `team2_score` int, `gate` int, `income1` int, `income2` int, `ffactor1` int, `ffactor2` int, PRIMARY KEY (`match_id`));
INSERT INTO `matches` VALUES (101,1,1,'2014-01-10 20:00:00',1,2,2,1,30000,60000,50000,1,0),(102,1,2,'2014-01-17 20:00:00',2,3,1,1,25000,40000,40000,0,0),(103,1,3,'2014-01-24 20:00:00',3,1,0,2,20000,30000,50000,0,1),(104,1,255,'2014-02-02 20:00:00',1,2,1,0,40000,80000,40000,0,0);
