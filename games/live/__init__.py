"""The websockets: consumers and routing, heartbeats, frame limits, and the live tables this process follows."""
