"""Infrastructure both lanegate packages share (frozen records, built-in data files), below analyzer and hook."""
