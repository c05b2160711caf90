"""After-action reports: VASSAL logs and saves turned into pictures, a replay page and a
summary, for one side or for the public."""
