# Files the grader cannot create, write or read, whatever part of it tried.

file-cannot-create = cannot create { $path }: { $error }
file-cannot-write = cannot write { $path }: { $error }
file-cannot-read = cannot read { $path }: { $error }
