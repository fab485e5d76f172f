# The hints of each section, in course order: `hint-<section>-<n>` (the section's id with `.` as `_`).

# 7.2
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-7_2-1 = 讓每個執行緒負責一個輸出像素：它的行號來自 x 維（blockIdx.x*blockDim.x + threadIdx.x），列號來自 y 維。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-7_2-2 = 輸出像素是 N 中以它為中心的 (2r+1)x(2r+1) 小塊的加權和：小塊從第 row-r 列、第 col-r 行開始，小塊中格子 (fRow, fCol) 的權重是 F[fRow*(2r+1) + fCol]。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-7_2-3 = 幽靈單元：落在影像之外的小塊格子按 0 計，所以跳過它（列和行都要與影像範圍比較）。自己的像素在影像之外的執行緒（網格是向上取整的）不能寫入。
hint-7_2-4 = 解法的結構：算出 outCol/outRow 並檢查邊界，外層迴圈 fRow、內層迴圈 fCol，在暫存器中累加，最後只寫一次 P[outRow*width + outCol]。

# 7.3
hint-7_3-1 = 從你的 7.2 核函式出發：每個執行緒的工作不變，變的只是濾波器放在哪裡。
hint-7_3-2 = F 在檔案作用域中宣告為 __constant__ float F[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1]；評分器在啟動前把濾波器複製進去（cudaMemcpyToSymbol），所以核函式不再把 F 作為引數。
hint-7_3-3 = 常數記憶體帶快取並且可以廣播：一個執行緒束的所有執行緒同時讀取同一個 F[fRow][fCol]，因此這些讀取不產生全域記憶體流量。把它當作二維陣列來索引。
hint-7_3-4 = 幽靈單元的檢查和執行緒自身像素的邊界檢查與 7.2 完全相同。

# 7.4
hint-7_4-1 = 一個執行緒塊就是一個輸入分塊：32x32 個執行緒，每個載入一個輸入像素。它計算的輸出是這個分塊內部的 OUT_TILE_DIM x OUT_TILE_DIM 部分，因此相鄰執行緒塊的輸入分塊重疊 2*FILTER_RADIUS。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-7_4-2 = 執行緒塊 (bx, by) 中的執行緒 (tx, ty) 載入第 bx*OUT_TILE_DIM + tx - FILTER_RADIUS 行、第 by*OUT_TILE_DIM + ty - FILTER_RADIUS 列的像素；若它在影像之外，就在共享分塊中存入 0（幽靈單元）。
hint-7_4-3 = 任何執行緒讀取鄰居的像素之前，所有載入都必須完成：在載入階段和計算階段之間放一個屏障。
hint-7_4-4 = 然後，只有 (tx - FILTER_RADIUS, ty - FILTER_RADIUS) 落在 [0, OUT_TILE_DIM) 內、且像素在影像之內的執行緒才計算：輸出 (tileRow, tileCol) 的小塊從 N_s[tileRow][tileCol] 開始。不要在屏障之前 return。

# 7.5
hint-7_5-1 = 這一次，執行緒塊的輸入分塊和輸出分塊是同一個 32x32 的正方形：每個執行緒把自己的像素載入共享記憶體，並計算自己的輸出。
hint-7_5-2 = 一個分塊的 halo 單元是相鄰分塊的內部單元，所以它們很可能已經在 L2（或 L1）快取中：直接從 N 讀取它們，而不是存進共享記憶體。
hint-7_5-3 = 對每個抽頭判斷：鄰居在本執行緒塊的分塊之內（讀共享分塊）還是之外（讀 N，但只在它位於影像之內時讀：幽靈單元為 0）？在載入分塊和計算之間放一個屏障。
hint-7_5-4 = 像素在影像之外的執行緒仍要在分塊中存入 0，仍要到達屏障；它們只是不計算、不寫入。

# 1d
hint-1d-1 = 每個執行緒負責一個元素：gid = blockIdx.x*blockDim.x + threadIdx.x。它的值放進 s_data[threadIdx.x + 1]，把第 0 格和第 blockDim.x + 1 格留給兩端的 halo 元素。
hint-1d-2 = 執行緒塊的第一個執行緒還要載入左側 halo（執行緒塊之前的那個元素），最後一個持有有效元素的執行緒還要載入右側 halo（它之後的那個元素）。在陣列兩端取邊界值：A[-1] 就是 A[0]，A[N] 就是 A[N-1]。
hint-1d-3 = 載入之後、讀取鄰居之前放一個屏障。gid >= N 的執行緒（最後一個執行緒塊不滿）什麼也不載入，但仍然必須到達屏障：保護的是工作，而不是屏障。
hint-1d-4 = 然後對 gid < N，用整數運算計算 C[gid] = (s_data[tid] + s_data[tid+1] + s_data[tid+2]) / 3。不滿的執行緒塊中最後一個有效執行緒不是 blockDim.x - 1，而是 gid == N - 1 的那個。

# 8.2
hint-8_2-1 = 每個網格點一個執行緒：k（變化最快的下標，即記憶體中的 x）來自執行緒和執行緒塊下標的 x 維，j 來自 y 維，i（平面）來自 z 維。
hint-8_2-2 = 邊界點（i、j 或 k 等於 0 或 N-1）保持輸入值，評分器已經把它們複製到 out 中：只計算並寫入內部點。網格是向上取整的，所以還要跳過超出 N 的執行緒。
hint-8_2-3 = 點 (i, j, k) 位於 in[i*N*N + j*N + k]；它的六個鄰居在 k 上相差 ±1，在 j 上相差 ±N，在 i 上相差 ±N*N。權重是巨集 c0（點本身）、c1/c2（k∓1）、c3/c4（j∓1）、c5/c6（i∓1）。
hint-8_2-4 = N 是無符號數：下標也用無符號數計算，內部點的判斷寫成 i >= 1 && i < N - 1（j 和 k 同理）；N < 3 時沒有內部點。

# 8.3
hint-8_3-1 = 一個執行緒塊就是一個 8x8x8 的輸入分塊，每個點一個執行緒；它只計算內部的 6x6x6 個輸出，因此相鄰執行緒塊的分塊在每一側重疊一個點。
hint-8_3-2 = 執行緒塊 (bx, by, bz) 中的執行緒 (tx, ty, tz) 把點 i = bz*OUT_TILE_DIM + tz - 1（j 同理來自 y，k 來自 x）載入一個 __shared__ [8][8][8] 分塊，前提是它位於網格之內。
hint-8_3-3 = 載入之後放一個屏障；不要在它之前 return。然後，若執行緒的點是網格的內部點，並且 (tx, ty, tz) 都在 [1, IN_TILE_DIM-1) 內，該執行緒就進行計算：這時它的鄰居就是分塊中相鄰的元素。
hint-8_3-4 = 分塊的最外層只被載入、從不被計算：這就是為什麼比例是 8³ 次載入得到 6³ 個輸出（教科書中為 1.37 OP/B）。

# 8.4
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-8_4-1 = 一個執行緒塊是 32x32 的一個執行緒平面，它計算 OUT_TILE_DIM = 30 個 30x30 的輸出平面，一個接一個：每個執行緒從 i = blockIdx.z*OUT_TILE_DIM 開始沿自己的 (j, k) 行向上走。
hint-8_4-2 = 保留三個 32x32 的 __shared__ 平面：inPrev_s（i-1）、inCurr_s（i）和 inNext_s（i+1）。迴圈之前載入前兩個；每次迭代中載入 inNext_s，用三個平面計算，然後把它們向下移動（prev <- curr，curr <- next）。
hint-8_4-3 = 每次迭代兩個屏障：一個在載入 inNext_s 之後（任何執行緒讀取之前平面已經完整），一個在計算之後（平面被覆蓋時沒有執行緒還在讀它）。每個執行緒必須執行相同次數的迭代。
hint-8_4-4 = 網格之外的點：不要載入。移動平面時可能會複製它們的空位（這沒關係），但絕不要用它們來計算：只計算網格的內部點，並且在分塊中滿足 1 <= tx, ty < IN_TILE_DIM-1。

# 8.5
hint-8_5-1 = 看看你的 8.4 核函式：一個執行緒讀取的共享值中，哪些是別的執行緒寫的？只有當前平面中 x/y 方向的鄰居。inPrev_s[ty][tx] 和 inNext_s[ty][tx] 只被載入它們的那個執行緒讀取。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-8_5-2 = 所以把執行緒自己那一行的前一個、目前和下一個值放在三個 float 暫存器中，只為鄰居保留一個 __shared__ 平面 inCurr_s。
hint-8_5-3 = 每次迭代：若 i+1 < N 則載入 inNext（一個暫存器）；屏障；用 inPrev、inCurr、inNext 和 inCurr_s 中的四個鄰居計算；屏障；移動暫存器（prev <- curr <- next），並把新的當前值存入 inCurr_s。
hint-8_5-4 = 共享記憶體從三個平面（12 KB）降到一個（4 KB），這讓更多執行緒塊可以共用一個多處理器：評分器會檢查 4096 位元組的上限。

# challenge-2d
hint-challenge-2d-1 = 從複製的速度上限出發：核函式必須把影像讀一遍、寫一遍。7.4 只達到它的三分之一；它的執行緒塊把大部分時間花在載入佔分塊四分之一的 halo 和在屏障處等待上。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-challenge-2d-2 = 讓每個執行緒計算多個輸出。一個計算同一行中 8 個輸出的執行緒，把視窗中的每個輸入列僅讀一次，並累加到它涉及的每個輸出列中：8 個輸出只需讀 12 列（r = 2），而不是 40 列。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-challenge-2d-3 = 共享記憶體中的分塊要寬（32 行或更多，相鄰的 threadIdx.x 對應相鄰的行）也要高（大約 64 列），這樣 halo 只佔它的一小部分；把一列的 (2r+1) 個抽頭一次讀入暫存器。
hint-challenge-2d-4 = 讓遍歷濾波器和遍歷執行緒輸出的迴圈具有常數邊界（FILTER_RADIUS 和你的粗化因子都是巨集），這樣編譯器會展開它們，並把輸出儲存在暫存器中；檢查 `local_memory_bytes` 保持為 0。

# challenge-3d
hint-challenge-3d-1 = 從複製的速度上限出發：核函式必須把網格讀一遍、寫一遍。8.3 的共享分塊在 H100 上只達到它的四分之一，8.5 大約一半：屏障和 halo 的代價比它們省下的載入還多。
# hant: by hand (Taiwan: 列 is a row, 行 a column)
hint-challenge-3d-2 = 沿 z 方向走：執行緒把自己 (j, k) 行的前一個、目前和下一個值儲存在暫存器中，每次向上移動一個平面，這樣 i±1 的鄰居不花任何代價。
hint-challenge-3d-3 = 平面內的四個鄰居（j±1、k±1）是相鄰執行緒的當前值：在現代 GPU 上，只要直接從全域記憶體載入，L1 快取就會提供它們。在求助於共享記憶體之前先試試這個。
hint-challenge-3d-4 = 給每個執行緒足夠多的平面（16 到 32 個），使第一個平面的額外載入無關緊要；並給足夠多的執行緒塊，使每個 SM 都有好幾個：網格是 ceil(N/TILE_X) × ceil(N/TILE_Y) × ceil(N/TILE_Z)。
