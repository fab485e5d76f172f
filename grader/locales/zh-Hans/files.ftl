# 评分器无法创建、写入或读取的文件，无论是它的哪一部分在尝试。

file-cannot-create = 无法创建 { $path }：{ $error }
file-cannot-write = 无法写入 { $path }：{ $error }
file-cannot-read = 无法读取 { $path }：{ $error }
