"""Simulation and tournaments for every game of the family."""
