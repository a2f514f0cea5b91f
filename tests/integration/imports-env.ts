// Small, so a test upload reaches the limit (the documented default is 5 GiB); set before lib/env is read.
process.env.IMPORT_MAX_BYTES = "3000000";
