"""What N30's players know: each side's sightings of the other (hidden movement), the markers seen, reports."""
