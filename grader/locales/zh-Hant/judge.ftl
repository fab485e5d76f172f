# judge
# 評分的結論：測試的訊息、目標的說明、對發現的建議、錯誤元素的分佈圖、計劃中各行的名稱、速度模型的資源。

## 發現的數目（所有報告都用同一種計法）。

judge-findings = { $count ->
   *[other] { $count } 條發現
}
judge-findings-occurrences = { $count ->
    [1] 1 條發現
   *[other] { $count } 條不同的發現
}（共出現 { $occurrences } 次）

## 測試的訊息：各條說明之間用「；」隔開。

judge-notes = { $first }；{ $rest }
judge-see-findings = { $note }（見「發現」）
judge-reached-no-output = { $note }，它沒有直接影響任何輸出
judge-none-reached-an-output = { $note }，它們都沒有直接影響任何輸出
judge-elements-wrong = { $total } 個元素中有 { $wrong } 個錯誤
judge-elements-wrong-never-written = { $total } 個元素中有 { $wrong } 個錯誤（從未寫入）
judge-computed-nan = 其中 { $count } 個是核函式寫入的 NaN（由一個在寫入之前就被讀取的值算出？）
judge-equals-mistake = 它與下面這種核函式的輸出相同：{ $mistakes }
judge-mistakes-or = { $first }，或者{ $rest }
judge-stopped-by = 因 { $kind } 而停止
judge-a-fault = 故障
judge-changed-input = 核函式修改了它的輸入：引數 { $argument } 的{ $place }，原為 { $was }，現為 { $now }（核函式不能寫它所讀取的緩衝區）
judge-element = 元素 { $element }
judge-element-xy = 元素 { $element }（x { $x }，y { $y }）
judge-element-xyz = 元素 { $element }（x { $x }，y { $y }，z { $z }）
judge-not-run-after-timeout = 未執行：之前的一個測試沒有結束（超時）

## 目標。

judge-needs-gpu = 需要 GPU
judge-not-graded-without-gpu = 沒有 GPU，不評分（估計為複製速度的 { $percent }%）
judge-not-graded = 未評分：{ $why }
judge-not-timed = 未計時：{ $error }
judge-role-metrics-case = 度量案例
judge-role-second-metrics-case = 第二個度量案例
judge-did-not-run = { $role }沒有執行
judge-stopped-at = { $role }在 { $kind } 處停止（見「發現」）
judge-no-metrics-counted = 沒有統計到任何度量
judge-metrics-case-stopped = { $label }；在 { $kind } 處停止：只是這次啟動中一部分工作的計數

## --variants。

judge-variant-does-not-compile = 使用 { $defines } 時無法編譯：{ $log }

## 排在競爭或屏障問題之後、很可能由它引起的發現。

judge-may-follow-from-line = 可能由上面第 { $line } 行的{ $kind ->
    [race] 競爭
    [barrier] 屏障問題
   *[other] { $kind }
}引起：請先修復它
judge-may-follow-from = 可能由上面的{ $kind ->
    [race] 競爭
    [barrier] 屏障問題
   *[other] { $kind }
}引起：請先修復它

## 對讀取未寫入共享記憶體的建議。

judge-tile-never-loaded-image = 分塊的一部分從未被載入（halo 單元，或幽靈單元：對應影像之外像素的槽位，應當存入 0 而不是跳過）
judge-tile-never-loaded-grid = 分塊的一部分從未被載入（halo 單元；只有在計算邊界點時才會讀到對應網格之外的點的槽位，而本節的邊界點保持輸入值、不參與計算）
judge-tile-never-loaded-clamped = 分塊的一部分從未被載入（某個 halo 單元：在陣列兩端，它存放的是鉗制後的端點元素，而不是 0）
judge-read-beyond-loaded = 執行緒讀到了已載入的部分之外（下標超出了分塊中已載入的部分）
judge-unwritten-outside-arrays = 在執行緒塊中任何執行緒寫入之前就讀取了共享記憶體，且讀取位置不在核函式宣告的任何共享陣列之內（偏移 { $offset }）：{ $beyond }
judge-unwritten-read = 在執行緒塊中任何執行緒寫入之前就讀取了共享記憶體：`{ $name }` 的元素 { $index }
judge-unwritten-none-written = { $read }，而此時 `{ $name }` 的任何元素都還沒有被寫入：它的儲存語句缺失了、寫到了另一個陣列，或者位於這次讀取之後
judge-unwritten-count = 它的 { $len } 個元素中有 { $unwritten } 個未寫入
judge-slot-own = 讀取執行緒自己的槽位 { $slot }
judge-slot-of-thread = 執行緒 ({ $x }, { $y }, { $z }) 的槽位 { $slot }
judge-slot-on-edge-image = 這個執行緒塊的分塊越過了影像邊緣：如果該槽位是幽靈單元（影像之外的像素），請在其中存入 0 而不是跳過它；如果不是，那就是該執行緒的儲存被跳過了（漏掉了 halo 單元？）
judge-slot-inside-image = 這個執行緒塊的分塊位於影像內部，沒有幽靈單元：是該執行緒的儲存被跳過了（漏掉了 halo 單元？）
judge-slot-on-edge-grid = 這個執行緒塊位於網格邊界：如果該槽位是網格之外的點，那麼只有邊界點會讀取它，而本節不計算邊界點（只計算 1 ≤ i, j, k ≤ N − 2 的點）；如果不是，那就是該執行緒的儲存被跳過了（漏掉了 halo 單元？）
judge-slot-inside-grid = 這個執行緒塊位於網格內部，它的分塊沒有任何槽位在網格之外：是該執行緒的儲存被跳過了（漏掉了 halo 單元？）
judge-slot-on-edge-clamped = 這個執行緒塊位於陣列的一端：本節對兩端做鉗制，那裡的 halo 單元存放端點元素（A[−1] = A[0]，A[N] = A[N − 1]），而不是 0；如果該槽位不是 halo 單元，那就是該執行緒的儲存被跳過了
judge-slot-inside-clamped = 這個執行緒塊位於陣列內部：是該執行緒的儲存被跳過了（漏掉了 halo 單元？）
judge-unwritten-slot = { $read }；在每個執行緒對應一個槽位的分塊中，這是{ $whose }，從未被儲存（{ $count }）。{ $why }
judge-unwritten-past-threads = { $read }（{ $count }）。該陣列有 { $len } 個槽位，而執行緒塊只有 { $threads } 個執行緒，這個槽位在前 { $threads } 個之後：每個執行緒只儲存一次會讓它一直未被載入；請分第二步或用一個迴圈載入其餘部分（halo 單元）
judge-block-on-edge-image = 這個執行緒塊的分塊越過了影像邊緣，幽靈單元就在這裡
judge-block-inside-image = 這個執行緒塊的分塊位於影像內部，沒有幽靈單元
judge-block-on-edge-grid = 這個執行緒塊位於網格邊界：只有在計算邊界點時才會讀到網格之外的槽位，而本節不計算邊界點
judge-block-inside-grid = 這個執行緒塊位於網格內部，它的分塊沒有任何槽位在網格之外
judge-block-on-edge-clamped = 這個執行緒塊位於陣列的一端，本節對兩端做鉗制（A[−1] = A[0]，A[N] = A[N − 1]），而不是補 0
judge-block-inside-clamped = 這個執行緒塊位於陣列內部
judge-rule-clamped = 本節對陣列兩端做鉗制：A[−1] = A[0]，A[N] = A[N − 1]，從不取 0。
judge-unwritten-1d-left-halo = { $read }（{ $count }）：這是左側 halo 單元，即槽位 0，由執行緒 0 載入（A[gid − 1]，在第一個執行緒塊中鉗制為 A[0]）。{ $rule }
judge-unwritten-1d-own = { $read }（{ $count }）：這是執行緒 { $thread } 自己的槽位（它把 A[gid] 存到 tid + 1），從未被儲存。{ $rule }
judge-unwritten-1d-right-halo = { $read }（{ $count }）：這是本執行緒塊右側的 halo 單元，由執行緒塊的最後一個執行緒 { $last } 載入（A[gid + 1]，鉗制為 A[N − 1]）。{ $rule }
judge-unwritten-1d-right-halo-partial = { $read }（{ $count }）：這是本執行緒塊右側的 halo 單元；本執行緒塊是最後一個，只有執行緒 0 到 { $last } 有元素（N = { $n }）：必須由最後一個有元素的執行緒，即執行緒 { $last }（gid = N − 1）載入它，並鉗制為 A[N − 1]；只靠執行緒 { $block_last } 載入，在這裡永遠不會發生。{ $rule }
judge-unwritten-1d-past = { $read }（{ $count }）：讀到了本執行緒塊右側 halo 單元（槽位 { $halo }）之後：執行緒讀到了已載入的部分之外。{ $rule }
judge-unwritten-either = { $read }（{ $count }）：要麼是{ $never_loaded }，要麼是{ $beyond }；{ $block_place }

## 對競爭的建議，按競爭的種類。

judge-race-earlier-at = 在{ $line }
judge-race-earlier = 在此之前
judge-race-read-after-write = 一個執行緒讀取的槽位，另一個執行緒{ $earlier }寫入過，兩者在同一個屏障區間內：儲存與讀取之間缺少 __syncthreads()，或者它被放在了儲存之前
judge-race-write-after-read = 一個執行緒覆蓋的槽位，另一個執行緒{ $earlier }讀取過，兩者在同一個屏障區間內：讀取與下一次儲存之間缺少 __syncthreads()（分塊在所有執行緒用完之前就被重用了）
judge-race-write-after-write-one-line = 兩個執行緒寫入了同一個槽位，都在這一行：__syncthreads() 解決不了這個問題。請讓每個槽位只有一個寫入者：檢查儲存的下標（兩個執行緒算出了同一個下標）以及選出儲存執行緒的條件（漏掉了 `if (threadIdx.x == 0)`？）
judge-race-write-after-write = 兩個執行緒寫入了同一個槽位，另一個執行緒{ $earlier }，然後是這一個：請讓每個槽位只有一個寫入者（檢查兩處儲存的下標以及選出寫入者的條件）；只有當這兩次儲存本來就是先後兩個階段時，在它們之間加 __syncthreads() 才能解決

## 測試輸出中的錯誤元素。

judge-never-written = 從未寫入
judge-missing = 缺失
judge-poison = { $value }（毒化值）
judge-map-cells = 每格 = { $width }×{ $height } 個元素（x → 向右，y ↓ 向下）；. 正確，x 部分錯誤，X 全部錯誤
judge-map-one-cell = 每格一個元素（x → 向右，y ↓ 向下）；. 正確，X 錯誤
judge-map-planes = 含錯誤元素的平面：z = { $planes }
judge-map-planes-more = 含錯誤元素的平面：z = { $planes } …（共 { $count } 個平面）

## 載入分佈圖中的緩衝區。

judge-buffer-label = { $name }（{ $elements } 個元素）

## 計劃中的各行（Gradescope 和 PrairieLearn 中的測試名稱）。

judge-row-test = { $section } 測試：{ $case }（{ $visibility ->
    [metrics] 度量案例
    [hidden] 隱藏
   *[other] 可見
}）
judge-row-target = { $section } 目標：{ $metric } { $op } { $value }
judge-row-sanitizer = { $section } 檢測器：無發現

## 速度模型的資源。

judge-resource-dram = DRAM 流量
judge-resource-shared-wavefronts = 共享記憶體 wavefront
judge-resource-issue = 指令發射
judge-resource-l1-sectors = L1 扇區
judge-resource-blocks = 啟動的執行緒塊
judge-resource-atomics = 全域原子操作
judge-resource-loads-in-flight = 在途 DRAM 載入（佔用率）

## 模擬器和評分的錯誤（$error：模擬器自己的原話）。

judge-emulator-cannot-load = 模擬器無法載入這個核函式的 PTX：{ $error }
judge-emulator-cannot-launch = 模擬器無法啟動這個核函式：{ $error }
judge-case-no-such-buffer = 案例 { $case }：引數指向緩衝區 { $buffer }，但它不存在
judge-case-no-output-buffer = 案例 { $case }：輸出緩衝區 { $buffer } 不存在
judge-internal-error = 評分 { $section } 時出現內部錯誤（{ $what }）；請報告這個問題
