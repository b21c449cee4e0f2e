"""Chip drivers. Each takes its bus object in its constructor, so a fake bus plugs in."""
