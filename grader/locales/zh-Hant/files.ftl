# 評分器無法建立、寫入或讀取的檔案，無論是它的哪一部分在嘗試。

file-cannot-create = 無法建立 { $path }：{ $error }
file-cannot-write = 無法寫入 { $path }：{ $error }
file-cannot-read = 無法讀取 { $path }：{ $error }
