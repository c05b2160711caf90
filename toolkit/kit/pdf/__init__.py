"""The kit's PDF machinery: SVG drawings to PDF, and the pages bound into one file."""
