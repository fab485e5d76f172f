# commands
