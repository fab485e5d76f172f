# 一個小節的文字報告：標題、測試、發現、度量與目標。

# hant: by hand (the language's own name)
lang-name = 繁體中文

error-label = 錯誤：
lang-unknown = --lang { $given }：本課程支援 { $tags }（或 zh_TW.UTF-8 這樣的區域設定）

## 報告的標題與測試。

report-kernel = 核函式
report-backend = 後端
report-seed = 種子 { $seed }（用 --seed { $seed } 重新執行）
report-tests = 測試
# 測試一欄：測試的種類。
report-vis-visible = 可見
report-vis-hidden = 隱藏
report-vis-metrics = 度量
report-printf-header = printf 輸出（執行緒塊，執行緒）：
report-printf-more = … 另有 { $more } 次 printf 呼叫未顯示
report-first-wrong = 最先出錯的元素：
# 出錯元素各列的標題："(x, y, z)  期望值  實際值"。
report-expected = 期望值
report-got = 實際值
report-and-more = … 另有 { $more } 個
report-where-everywhere = 出錯位置：所有元素都錯了
report-where = 出錯位置：{ $legend }

## 發現。

report-findings = 發現：{ $findings }
# $kind 是發現的名稱（race、out_of_bounds……），保留英文。
report-finding-at = { $kind } 位於 { $place }，執行緒塊 { $block } 執行緒 { $thread }，測試「{ $case }」
report-finding-more-tests = { $count ->
   *[other] （另有 { $more } 個測試中也出現）
}
report-no-source-line = （無原始碼行）
report-line-inferred = 第 { $line } 行為推斷所得：{ $why }
report-inferred-line = 編譯器沒有為這條指令給出它自己的行號（由多條語句生成的程式碼），這是它周圍程式碼中最近的一行
report-called-from = 呼叫自 { $place }
report-called-from-more = ，呼叫自 { $place }
report-findings-more = … 每種只列出首次出現；另有 { $more } 次出現未列出
report-explain-out-of-bounds = 有執行緒在陣列之外讀或寫：檢查這次存取之前的邊界判斷（幽靈單元、向上取整的網格）
report-explain-misaligned = 位址不是存取大小的整數倍：本應按元素計算的下標按位元組計算了，或者型別轉換有誤
report-explain-race = 兩個執行緒在兩次屏障之間使用了同一個共享記憶體字，且至少有一個在寫：一讀一寫之間需要 __syncthreads()；兩次寫入則需要只有一個寫入者
report-explain-uninitialized-shared = 在執行緒塊中任何執行緒寫入之前就讀取了共享記憶體：分塊的一部分（通常是 halo 單元）從未載入
report-explain-barrier = 執行緒塊中並非所有執行緒都到達了 __syncthreads()（位於 if 之內，或在提前 return 之後）：把它移到所有執行緒都會經過的地方
report-explain-timeout = 核函式沒有在指令預算內結束：某個迴圈永不終止（檢查它的邊界和步進）
report-explain-assertion = 核函式中的 assert() 失敗，或呼叫了 __trap()：啟動在那裡停止，與在 GPU 上一樣
report-explain-call-depth = 函式之間的呼叫深度超出了模擬器的跟蹤範圍：是不是有永不終止的遞迴？
# hant: by hand (a processor's clock is 時脈 in Taiwan)
report-explain-unportable = 核函式依賴的值在 GPU 上會不同（時脈、SM 或執行緒束的編號、緩衝區所在的位置；%warpid 並不是執行緒束在執行緒塊中的序號）：在這裡能執行只是碰巧

## 度量。

report-metrics = 度量（{ $case }）
report-metric-flops = 問題所需的 FLOPs
report-metric-executed-flops = 實際執行的 FLOPs
report-metric-global-load-bytes = 全域記憶體載入位元組數
report-metric-op-per-byte = OP/B（問題 FLOPs ÷ 全域記憶體載入位元組數）
report-metric-global-load-requests = 全域記憶體載入請求數
report-metric-global-load-sectors = 全域記憶體載入扇區數（32 B）
report-metric-global-store-bytes = 全域記憶體儲存位元組數
report-metric-shared-per-block = 每個執行緒塊的共享記憶體（位元組）
report-metric-threads-blocks = 執行緒數 × 執行緒塊數
# A metric in words ($shown of report-not-graded-shown; the targets' table keeps the ids the
# JSON and the contract use).
report-metric-name-op-per-byte = OP/B
report-metric-name-shared-bytes-per-block = 每個執行緒塊的共享記憶體位元組數
report-metric-name-global-load-bytes-per-output = 每個輸出的全域記憶體載入位元組數
report-metric-name-threads-per-block = 每個執行緒塊的執行緒數
report-metric-name-global-load-sectors-per-request = 每次全域記憶體載入請求的扇區數
report-metric-name-global-load-sectors-over-minimum = 全域記憶體載入扇區數與最少可能值之比
report-metric-name-global-load-uncoalesced-sectors-per-output = 每個輸出的未合併全域記憶體載入扇區數
report-metric-name-global-loads-per-element = 每個輸入元素的全域記憶體載入次數
report-metric-name-shared-bank-conflicts-per-request = 每次共享記憶體請求的儲存體衝突數
report-metric-name-shared-bank-conflicts-per-output = 每個輸出的儲存體衝突數
report-metric-name-local-memory-bytes = 本地記憶體位元組數
report-metric-name-active-lane-percent = 活躍執行緒佔執行緒束的百分比
report-metric-name-percent-of-copy = 速度佔複製的百分比
# $shown：度量的名稱（文字）與數值（"每次全域記憶體載入請求的扇區數 17.30"）。
report-not-graded-shown = 不計分（其開銷由快取決定）：{ $shown }
report-gpu-shared-same = { $bytes } B 靜態共享記憶體（與模擬器一致）
report-gpu-shared-differs = { $bytes } B 靜態共享記憶體（模擬器給出 { $emulator } B！）
report-gpu-spills = （暫存器溢出或本地陣列）
report-gpu-line = 在 { $device }（{ $binary }）上：每執行緒 { $registers } 個暫存器，每執行緒 { $local } B 本地記憶體{ $spill }，{ $shared }
report-also-measured = 另外測得
report-variant-textbook = （教科書 { $value }）
report-variant-failed = 失敗：{ $message }

## 速度。

report-speed-on = 在 { $device } 上的速度
report-timing = 計時案例 { $case }：{ $ms } ms（中位數），{ $gbps } GB/s = 裝置到裝置複製的 { $percent }%（{ $copy } GB/s）
report-timed = 計時方式：{ $method }
report-speed-reference = 課程的參考核函式在本次執行中、同一張顯示卡上的計時：{ $ms } ms = 複製的 { $percent }%；比它慢不超過 { $tolerance }% 的核函式也算達到目標
report-at-most = 至多 { $value }
report-resource-dram = DRAM 流量
report-resource-shared-wavefronts = 共享記憶體 wavefront
report-resource-issue = 指令發射
report-resource-l1-sectors = L1 扇區
report-resource-blocks = 執行緒塊啟動
report-resource-atomics = 全域原子操作
report-resource-loads-in-flight = 在途 DRAM 載入（佔用率）
report-line = 第 { $line } 行
report-line-with-text = 第 { $line } 行：{ $text }
report-cannot-reach = 無法達到複製的 { $target }%：在 { $gpu } 上僅「{ $resource }」一項就至少需要 { $ms } ms，至多為複製的 { $most }%{ $place }
report-estimated-at-most = 估計至多 { $value }
report-estimate-cannot-reach = 估計低於複製的 { $target }%：在 { $gpu } 上為 { $percent }%；模型對受「{ $resource }」限制的核函式的估計，最多比實測時間慢 { $factor } 倍，即使快 { $factor } 倍，這個核函式也只有 { $most }%（這是估計，不是界限：以 GPU 上的計時為準）{ $place }
report-cannot-reach-where = ——其中大部分在{ $line }
report-model-beside = 與上面的實測並列
report-model-not-measured = 並非實測
report-model-header = 模型估計的 { $gpu } 上的速度（根據模擬器的計數；{ $measured }）
report-model-bound-at = { $resource }，大部分在{ $line }
report-model-bound-once = { $resource }：輸入只讀一次、輸出只寫一次
# A bound: the least time the counts allow, so the most % of copy the kernel can reach.
# $reference: report-model-reference-at-most, or nothing where the section has no reference.
report-model-at-most = 至多為複製的 { $percent }%（至少 { $ms } ms{ $reference }），這是界限：在這張卡上，核函式不可能比這更快；限制它的是{ $bound }
report-model-reference-at-most = ；課程參考答案：至多 { $percent }%
report-model-reference-estimate = ；課程參考答案：{ $percent }%
# $change: one of report-change-*; $place: report-model-change-where or nothing.
report-model-change = 要更快，核函式需要{ $change }{ $place }
report-model-change-where = ——其中大部分在{ $line }
report-change-dram = 減少 DRAM 與晶片之間傳輸的位元組（最少是：每個輸入只讀一次，每個輸出只寫一次）
report-change-shared-wavefronts = 減少共享記憶體 wavefront（每個輸出更少的共享記憶體存取，或消除儲存體衝突）
report-change-issue = 減少每個輸出的指令數（每個執行緒計算更多輸出，減少下標運算）
report-change-l1-sectors = 減少全域記憶體載入的扇區數（合併存取，或從共享記憶體、暫存器中複用輸入）
report-change-blocks = 減少執行緒塊數（每個執行緒塊計算更多輸出）
report-change-atomics = 減少全域原子操作
report-change-loads-in-flight = 每個 SM 同時在途的 DRAM 載入更多（更多駐留執行緒束：每個執行緒塊用更少的暫存器或共享記憶體、更大的執行緒塊；或讓每個執行緒在使用數值之前先發出幾次相互獨立的載入）
report-model-limited-at = ，瓶頸：{ $resource }（第 { $line } 行）
report-model-limited = ，瓶頸：{ $resource }
report-model-estimate = 估計為複製的 { $percent }%（{ $ms } ms{ $limited }{ $reference }）；模型在 { $kernels } 個已計時核函式上的誤差：中位數 { $median }%，最大 { $worst }%
report-model-occupancy = 佔用率：每個 SM 駐留 { $warps } 個執行緒束（執行緒塊 { $threads } 個執行緒，NVRTC 為該顯示卡編譯時每執行緒 { $registers } 個暫存器，每個執行緒塊 { $shared } 位元組共享記憶體），每個執行緒束一次只等待一個 DRAM 載入
report-model-sampled = 計時案例自己的執行緒塊所做的工作與按其尺寸縮放的度量案例不同：在模擬器上執行了它的 { $blocks } 個執行緒塊（{ $outputs } 個輸出），{ $count } 為 { $sampled }，而假定的是 { $assumed }；因此以上數字來自這些執行緒塊實際所做的工作（用時是縮放所得估計值的 { $ratio } 倍）
report-sampled-stored-bytes = 儲存的位元組
report-sampled-shared-wavefronts = 共享記憶體 wavefront
report-sampled-shared-wavefronts-if-merged = 共享記憶體 wavefront（按合併計）
report-sampled-warp-instructions = 執行緒束指令
report-sampled-l1-sectors = L1 扇區
report-sampled-global-atomics = 全域原子操作的通道
report-sampled-global-load-bytes = 全域載入位元組
report-sampled-global-load-requests = 全域載入請求

## 目標。

report-targets = 目標
# 目標表各列的標題。
report-col-target = 目標
report-col-measured = 測得
report-col-textbook = 教科書
report-second-case = 但在第二個度量案例（{ $case }）上為 { $measured }：目標必須在每種規模下都成立
report-every-line-traffic = 每一行的記憶體存取流量：cargo run -p grader -- traffic { $section }
report-culprit-loads = 每個輸出進行 { $loads } 次全域記憶體載入，是所有行中最多的
report-culprit-sectors = 每次執行緒束級載入存取 { $per_request } 個扇區，是其寬度所需最少扇區數的 { $over } 倍（合併存取時為 1）
report-culprit-conflicts = 造成 { $replays } 次儲存體衝突重放，是所有行中最多的
report-culprit-conflict-example = ；例如，同一執行緒束的通道 { $lane_a } 和 { $lane_b }（執行緒 { $thread_a } 和 { $thread_b }）{ $access }{ $places }：這是儲存體 { $bank } 中兩個不同的字，而一個儲存體每次只能提供一個字，所以這次存取要分 { $ways } 次完成
report-conflict-read = 讀取
report-conflict-write = 寫入
report-conflict-elements = `{ $array }` 按列主序計數的第 { $index_a } 和第 { $index_b } 個元素
report-conflict-places = { $place_a } 和 { $place_b }
report-conflict-element = `{ $array }` 按列主序計數的第 { $index } 個元素
report-conflict-offset = 偏移 { $offset }
report-conflict-half-warps = 每個執行緒束的前後兩半位於寬 16 個執行緒的執行緒塊的不同行上，而分塊的行與行相隔 32 個字的整數倍，所以兩半在每個儲存體上都會相撞：讓執行緒塊寬 32 個執行緒，或給分塊的每行補一個字
report-culprit-local = 載入和儲存了 { $bytes } 位元組本地記憶體，是所有行中最多的{ $array }
report-culprit-local-array = （可能是每執行緒陣列 { $name }，宣告於第 { $line } 行）
report-culprit-inferred = （包括編譯器沒有給出自身行號的程式碼，計在這一最近的行上）

## 結論。

report-compile-error = 編譯錯誤
report-no-defines = 無巨集定義
report-passed-word = 通過
report-failed-word = 未通過
report-passed-on-emulator-word = 在模擬器上通過
report-passed-on-emulator = { $verdict } — 所有測試以及模擬器能測量的所有目標均通過；沒有 GPU 無法測量：{ $targets }（挑戰的目標：請在裝有 NVIDIA GPU 的機器上執行 `cargo run -p grader -- time { $section }`）
report-visible-pass = 可見測試通過
report-all-pass = 所有測試和目標均通過
report-why-compile = 核函式無法編譯
report-why-launch = 核函式無法啟動
report-why-tests = { $total } 個測試中有 { $failed } 個失敗
report-why-sanitizer = 檢測器：{ $findings }
report-why-missed = { $count ->
   *[other] { $count } 個目標未達到
}
report-why-not-graded = { $count ->
   *[other] { $count } 個目標未計分
}
# FAILED 結論中各原因之間的分隔。
report-list-sep = {"，"}
report-stuck = 卡住了？cargo run -p grader -- hint { $section }

## 緊湊報告（watch）。

report-more-log-lines = … 另有 { $more } 行（f：完整報告）
report-first-failure = 第一個失敗：{ $test }
report-printf-lines = printf：{ $count ->
   *[other] { $count } 行
}（f：完整報告）

## 執行多個小節後的彙總。

report-summary = 彙總
report-summary-passed = 通過
report-summary-passed-emulator = 在模擬器上通過（速度未測量）
report-summary-unmeasured = （其中 { $count ->
   *[other] { $count }
} 個未測量速度：沒有 GPU）
report-summary-total = { $total } 個小節中 { $passed } 個通過{ $unmeasured }，用時 { $seconds } s

## 進度條。

report-bar-tests = 個測試
report-bar-section = 小節 { $section }

## traffic：逐行表格。

report-traffic-case = 度量案例 { $case }
report-traffic-op-per-byte = OP/B { $op_per_byte }：問題的 { $flops } FLOPs 除以從全域記憶體載入的 { $bytes } 位元組，共 { $outputs } 個輸出（實際執行 { $executed } FLOPs）
# 表格各列的標題（要短：下面的數字在其下右對齊）。
report-traffic-col-line = 行
report-traffic-col-source = 原始碼
report-traffic-col-loads = 載入/輸出
report-traffic-col-requests = 請求
report-traffic-col-sectors = 扇區/請求
report-traffic-col-stores = 儲存 B
report-traffic-col-shared = 共享 B
report-traffic-col-conflicts = 衝突
report-traffic-col-local = 本地 B
report-traffic-col-flops = FLOPs
# 合計一行。
report-traffic-all = 合計
report-traffic-legend =
    載入/輸出：該行每個輸出元素的執行緒級全域記憶體載入次數；扇區/請求：每次執行緒束級載入存取的
    32 位元組扇區數（整個執行緒束的 4 位元組載入以 4 為理想）；共享 B：共享記憶體載入與儲存的位元組數；
    衝突：儲存體衝突帶來的額外 wavefront；本地 B：本地記憶體載入與儲存的位元組數（編譯器無法儲存在暫存器中
    的每執行緒陣列）；FLOPs：實際執行的次數。
report-traffic-inferred =
    {"*"}：還計入了編譯器沒有給出自身行號的指令（由多條語句生成的程式碼），計在它們周圍程式碼中最近的一行上。

## traffic：複用圖與執行緒塊檢視。

report-map-stats = { $label }：每個元素的載入次數：最小 { $min }，平均 { $mean }，最大 { $max } —— 必需流量的 { $times }×{ $plane }
report-map-plane = （平面 z = { $plane }，共 0..{ $last }）
report-map-cell = 每格 = { $cw }×{ $ch } 個元素；' ' 無 … '@' { $max } 次載入
report-map-corner = 前 { $cols }×{ $rows } 個元素，各自的載入次數：
report-block-title = 執行緒塊 { $block }，及其中的執行緒 { $thread }：
report-block-plane = ，平面 z = { $z }
report-block-loaded = { $name }：該執行緒塊從全域記憶體載入了 { $elements } 個元素（{ $loads } 次載入）；該執行緒載入了其中 { $thread } 個{ $plane }
# hant: by hand (列 is a row, 行 a column)
report-block-columns = 第 { $x0 }..{ $x1 } 行，第 { $y0 }..{ $y1 } 列；數字：該執行緒塊的載入次數（超過 9 記為 '+'），o：該執行緒載入過，·：未載入
report-block-shared-unused = 共享記憶體：未使用
# hant: by hand (列 is a row, 行 a column)
report-block-shared = 共享記憶體：寫入 { $written } 個字，讀取 { $read } 個；該執行緒讀取了 { $thread } 個。每列 { $per_row } 個字{ $first }：
# hant: by hand (列 is a row, 行 a column)
report-block-shared-first = ，共 { $rows } 列，顯示前 { $shown } 列
report-block-shared-legend = #：寫入並讀取，w：只寫入，r：讀取但從未寫入，o：該執行緒讀取過，·：未存取
report-argument = 第 { $number } 個引數
report-plane-not-3d = --plane { $plane }：小節 { $section } 的緩衝區不是三維的
report-plane-out-of-range = --plane { $plane }：在度量案例中 { $name } 的平面為 0 到 { $last }
report-coords-count = `{ $text }`：請給出 X,Y 或 X,Y,Z
report-coords-not-integer = `{ $text }`：`{ $part }` 不是非負整數
report-traffic-another-block = （換一個執行緒塊：--block X,Y[,Z]；換一個執行緒：--thread X,Y[,Z]）
report-traffic-no-metrics-run = { $kernel } 沒有把度量案例執行完（請先修復 `cargo run -p grader -- { $section }` 報告的問題）
report-traffic-block-outside = 執行緒塊 { $block } 或其執行緒 { $thread } 不在這次啟動中（度量案例啟動 { $grid } 個執行緒塊，每塊 { $threads } 個執行緒）
report-wrote = 已寫入 { $path }

## SVG 圖的說明文字。

report-svg-loads-title = { $label }：每個元素從全域記憶體載入的次數{ $plane }
report-svg-plane = ，平面 z = { $plane }，共 0..{ $last }
report-svg-stats = 最小 { $min }，平均 { $mean }，最大 { $max }：必需流量（每個元素只載入一次）的 { $times }×
report-svg-all = 全部 { $size } 個元素（每格為 { $cell } 個元素的平均值）
# hant: by hand (列 is a row, 行 a column)
report-svg-all-rows = 全部 { $elements } 個，每列 { $row } 個（每格為 { $cell } 個元素的平均值）
report-svg-first = 前 { $size } 個元素，各自的載入次數
report-svg-legend = 每個元素的載入次數：
# hant: by hand (列 is a row, 行 a column)
report-svg-footprint = { $name }：從第 { $x0 } 行、第 { $y0 } 列起{ $plane }
# hant: by hand (列 is a row, 行 a column)
report-svg-shared-caption = 共享記憶體，每列 { $per_row } 個字
report-svg-block = 執行緒塊 { $block }：它從全域記憶體載入的內容，按載入次數著色；執行緒 { $thread } 的載入加框標出
report-svg-shared-legend = 共享記憶體：綠色為寫入並讀取，灰色為只寫入，紅色為讀取但從未寫入，藍色為該執行緒讀取過

## 課程平臺的結果（Gradescope、PrairieLearn）。

report-row-not-run = 未執行
report-row-compile-failure = 核函式無法編譯（{ $compiler }，{ $defines }）：
report-row-summary = 小節 { $section }（{ $title }），後端 { $backend }，種子 { $seed }：{ $verdict }。
report-row-passed-emulator = 所有測試以及模擬器能測量的所有目標均通過；沒有 GPU 無法測量：{ $targets }
report-row-not-yet = 尚未通過
report-row-size = 規模 { $size }
report-row-skipped = 此處未測量（{ $why }）：該分照給
report-row-measured = 測得 { $value }
report-row-not-measured-here = 此處未測量：{ $why }
report-row-not-measured = 未測量
report-row-textbook = ，教科書 { $value }
report-row-finding = { $kind } 位於 { $place }，執行緒塊 { $block } 執行緒 { $thread }，測試「{ $case }」：{ $advice }
report-row-findings = { $count }；每種的首次出現：
report-pl-target = 本小節針對 { $metric } 的目標，在度量案例上
report-pl-hidden-test = 隱藏案例：輸出與 CPU 參考實作對比（其資料不顯示）
report-pl-test = 輸出與 CPU 參考實作對比
report-pl-sanitizer = 檢測器：競爭、越界存取、未初始化的共享記憶體、屏障
report-pl-right = 正確
report-pl-wrong = 錯誤（其數值不顯示）
report-pl-passed = 通過
report-pl-failed = 未通過
report-pl-no-png = （未繪製記憶體存取流量檢視：此評分器建置時沒有啟用 `png` 特性）
report-pl-image-loads = { $label }：每個元素從全域記憶體載入的次數
report-pl-image-block = 執行緒塊 { $block }：它載入的內容及其共享記憶體
report-pl-left-out = （{ $images }{ $report }已省略：results.json 必須小於 1 MB）
report-pl-images-dropped = { $count ->
   *[other] { $count } 張圖片
}
report-pl-report-cut = 以及部分報告

report-finding-evidence = （{ $message }）

report-compiled-by = （{ $compiler }，{ $defines }）
# 全形括號前不加空格。
report-compile-headline = { $error }{ $compiler }
report-compiler = （{ $compiler }）

# A file whose device code differs between architectures (it switches on __CUDA_ARCH__).
report-arch-differs = 此檔案的程式碼因顯示卡而異（取決於 __CUDA_ARCH__）：每種建置分別評分，以最差者為準
report-arch-build = { $archs }（{ $cards }）
report-arch-passed = 通過
report-arch-failed = 未通過
report-arch-this = ← 本報告
report-arch-not-built = 無法為 { $arch }（{ $cards }）建置，按其餘架構評分：{ $error }
report-arch-not-run = { $arch }（{ $cards }）未評分：模擬器無法執行它的程式碼（{ $error }）
