// The transaction log and checkpoint settings of the running Neo4j (the embedded launcher sets them).
SHOW SETTINGS YIELD name, value
WHERE name IN ['db.tx_log.rotation.retention_policy', 'db.tx_log.rotation.size', 'db.checkpoint.interval.time', 'db.checkpoint']
RETURN name, value
