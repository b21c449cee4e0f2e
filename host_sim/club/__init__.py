"""A club evening: tables publish over MQTT, the club host stores every message in SQLite,
rebuilds standings and serves them live (docs/club.md). Desktop only (paho-mqtt)."""
