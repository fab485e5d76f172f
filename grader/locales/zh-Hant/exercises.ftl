# 練習的文字：exercises/*/section.rs 與 kernels/src/ 按 id 引用這裡的每條訊息。

## 各小節目標的建議（exercises/<section>/section.rs 中的 `Target::advice`），顯示在未達到的目標下方。

# 1d
exercise-advice-1d-global-load-bytes-per-output = 每個元素只從全域記憶體載入一次，放進共享記憶體，再從那裡讀取三個鄰居
exercise-advice-1d-shared-bytes-per-block = 只用一個 (blockDim.x+2) 個 int 的陣列：要麼是啟動時提供的動態陣列 `extern __shared__ int s_data[]`，要麼是靜態陣列 `__shared__ int s_data[256 + 2]`，不要兩個都用

# 7.2
exercise-advice-7_2-op-per-byte = 每個影像內的抽頭應只花一次乘加和兩次 4 位元組載入（像素和濾波器）；每個抽頭不要再載入別的

# 7.3
exercise-advice-7_3-op-per-byte = 從 __constant__ 陣列 F 讀取濾波器，而不是從全域記憶體讀取：每個抽頭只應剩下像素的那次載入

# 7.4
exercise-advice-7_4-op-per-byte = 每個輸入像素在每個執行緒塊中只應從全域記憶體載入一次，放進共享記憶體；之後各個抽頭讀取共享分塊
exercise-advice-7_4-global-loads-per-element = 每個輸入像素被從全域記憶體載入了很多次：每個執行緒塊只把它載入共享分塊一次，再讓各個抽頭讀取分塊

# 7.5
exercise-advice-7_5-op-per-byte = 落在執行緒塊分塊之內的抽頭從共享記憶體讀取；只有 halo 抽頭（分塊之外的）才可以存取全域記憶體
exercise-advice-7_5-shared-bytes-per-block = 這裡的共享分塊只有 TILE_DIM x TILE_DIM 個 float：halo 不存放在共享記憶體中

# 8.2
exercise-advice-8_2-op-per-byte = 每個內部點花費 13 次 FLOP（一次乘法、六次乘加）和 7 次載入；不要再載入別的

# 8.3
exercise-advice-8_3-op-per-byte = 把執行緒塊輸入分塊中的每個點只載入一次到共享記憶體，再從那裡讀取鄰居

# 8.4
exercise-advice-8_4-op-per-byte = 分塊的每個平面只載入一次，在執行緒塊沿 z 向上移動期間把它保留在共享記憶體中
# 8.4 和 8.5 共用。
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-advice-8_4-threads-per-block = 一個執行緒塊是一個 IN_TILE_DIM x IN_TILE_DIM 的執行緒平面；每個執行緒沿著自己的那一行穿過各個平面

# 8.5
exercise-advice-8_5-op-per-byte = 分塊的每個平面只載入一次；前一個和下一個值放在暫存器中，當前平面放在共享記憶體中
exercise-advice-8_5-shared-bytes-per-block = 只有當前平面需要共享記憶體：前一個和下一個值只被各自的執行緒讀取，所以把它們放在暫存器中

# challenge-2d
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-advice-challenge-2d-global-load-bytes-per-output = 每個輸出都從全域記憶體讀取它的抽頭：每個執行緒塊只把每個輸入像素載入一次（共享記憶體中的分塊，或儲存在暫存器中的若干列），再從那裡讀取抽頭
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-advice-challenge-2d-global-load-uncoalesced-sectors-per-output = 一個執行緒束中各執行緒載入的位址相距很遠：讓相鄰的 threadIdx.x 對應相鄰的行（x 是記憶體中變化最快的下標）
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-advice-challenge-2d-shared-bank-conflicts-per-output = 一個執行緒束的共享記憶體存取落在同一個儲存體上：按 [row][column] 索引共享分塊，讓相鄰的 threadIdx.x 對應相鄰的行
exercise-advice-challenge-2d-local-memory-bytes = 按編譯器無法展開的值索引的執行緒私有陣列會放在本地記憶體（DRAM）中：用常數邊界的迴圈來遍歷它，讓編譯器展開，或者改用單獨的變數
exercise-advice-challenge-2d-percent-of-copy = 在 GPU 上測得：看看其他哪個數字不對，再用 `cargo run -p grader -- traffic challenge-2d` 找到對應的程式碼行

# challenge-3d
exercise-advice-challenge-3d-global-load-uncoalesced-sectors-per-output = 一個執行緒束中各執行緒載入的位址相距很遠：讓相鄰的 threadIdx.x 對應相鄰的 k（記憶體中變化最快的下標）
exercise-advice-challenge-3d-shared-bank-conflicts-per-output = 一個執行緒束的共享記憶體存取落在同一個儲存體上：讓 threadIdx.x 作為共享陣列的最後一個（變化最快的）下標
exercise-advice-challenge-3d-local-memory-bytes = 按編譯器無法展開的值索引的執行緒私有陣列會放在本地記憶體（DRAM）中：把各個平面放在單獨的變數中，並輪換它們
exercise-advice-challenge-3d-percent-of-copy = 在 GPU 上測得：看看其他哪個數字不對，再用 `cargo run -p grader -- traffic challenge-3d` 找到對應的程式碼行

## 錯誤輸出所對應的典型錯誤（`Mistake::what`），用在 judge.ftl 的「它與下面這種核函式的輸出相同：{ $mistakes }」中。

# 二維卷積（kernels/src/conv.rs）
exercise-mistake-filter-flipped = 濾波器被整個首尾翻轉（用了 F[2r-fRow][2r-fCol] 而不是 F[fRow][fCol]）
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-mistake-filter-rows-reversed = 濾波器的各列按相反的順序使用（F[2r-fRow][fCol]）
# hant: by hand (rows and columns: a row is 列 in Taiwan, a column 行)
exercise-mistake-filter-each-row-reversed = 濾波器的每一列都被反轉（F[fRow][2r-fCol]）
exercise-mistake-filter-transposed = 濾波器被轉置（F[fCol][fRow]）

# 七點 stencil（kernels/src/stencil.rs）
exercise-mistake-c1-c2-swapped = c1 和 c2 互換了（c1 應加權 in[i,j,k-1]，即 x-1；c2 應加權 in[i,j,k+1]，即 x+1）
exercise-mistake-c3-c4-swapped = c3 和 c4 互換了（c3 應加權 in[i,j-1,k]，即 y-1；c4 應加權 in[i,j+1,k]，即 y+1）
exercise-mistake-c5-c6-swapped = c5 和 c6 互換了（c5 應加權 in[i-1,j,k]，即 z-1；c6 應加權 in[i+1,j,k]，即 z+1）
exercise-mistake-every-pair-swapped = 每一對都互換了，c1/c2、c3/c4 和 c5/c6（整個 stencil 被首尾翻轉）
exercise-mistake-k-j-axes-mixed-up = c1、c2 和 c3、c4 互換了（k 軸和 j 軸搞混了）
exercise-mistake-j-i-axes-mixed-up = c3、c4 和 c5、c6 互換了（j 軸和 i 軸搞混了）
exercise-mistake-k-i-axes-mixed-up = c1、c2 和 c5、c6 互換了（k 軸和 i 軸搞混了）
