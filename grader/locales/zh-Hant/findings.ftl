# findings
#
# 檢測器發現的證據（模擬器的 `Detail`，由 grader/src/judge/evidence.rs 說出）。
# 數字按模擬器的寫法傳入：不加千位分隔符，位址為十六進位制。

finding-at-ptx-line = { $evidence }（PTX 第 { $line } 行）

## 記憶體空間

finding-space-global = 全域
finding-space-shared = 共享
finding-space-local = 本地
finding-space-const = 常數
finding-space-param = 引數
finding-space-call-parameter = 呼叫引數
finding-space-generic = 通用

## 越界、未對齊、寫唯讀記憶體

finding-out-of-bounds = 在{ $space }記憶體中越界{ $access ->
        [write] 寫入
       *[read] 讀取
    } { $size } 位元組：{ $place }
finding-oob-shared = 共享記憶體偏移 { $offset }（該執行緒塊共有 { $bytes } 位元組共享記憶體）
finding-oob-const = 常數記憶體偏移 { $offset }（該模組共有 { $bytes } 位元組 __constant__ 資料）
finding-oob-local = 本地記憶體偏移 { $offset }（每個執行緒有 { $bytes } 位元組）
finding-oob-param = 引數偏移 { $offset }
finding-oob-call-parameter = 呼叫引數偏移 { $offset }（每個執行緒有 { $bytes } 位元組）
finding-oob-address = 位址 { $addr } 不在任何一塊已分配的記憶體中
finding-misaligned = 對{ $space }記憶體的 { $size } 位元組存取未對齊，位址為 { $addr }
finding-misaligned-atomic = { $size } 位元組的原子操作未對齊，位址為 { $addr }
finding-read-only-write = 寫入了唯讀記憶體（常數記憶體或引數記憶體）

## 共享記憶體上的競爭

finding-race = 共享記憶體上的{ $race }競爭（{ $place }）：此前存取過該位置的是{ $other }，兩次存取之間沒有 __syncthreads()
finding-race-at = 共享記憶體上的{ $race }競爭（{ $place }）：此前在{ $line }存取過該位置的是{ $other }，兩次存取之間沒有 __syncthreads()
finding-race-read-after-write = 寫後讀
finding-race-write-after-read = 讀後寫
finding-race-write-after-write = 寫後寫
# hant: by hand (counting row by row: a row is 列 in Taiwan)
finding-race-element = 偏移 { $offset }，即 `{ $array }` 按列主序計數的第 { $index } 個元素
finding-race-offset = 偏移 { $offset }
finding-thread = 執行緒 { $thread }
finding-other-threads = 其他執行緒

## 屏障

finding-barrier-exited = 只有執行緒塊中的一部分執行緒到達了 __syncthreads()：執行緒 { $thread } 已經退出，其餘執行緒將永遠等待下去
finding-barrier-diverged = 同一執行緒塊的執行緒在不同的 __syncthreads() 處等待（{ $first }和{ $other }）
finding-line = 第 { $line } 行
finding-ptx-line = PTX 第 { $line } 行

## 啟動被停止

finding-budget-spent = 本次啟動超出了指令預算：是否有死迴圈？
finding-stopped-by-another-launch = 在此處被停止：該核函式的另一次啟動超出了指令預算
finding-assert-failed = 斷言 `{ $expr }` 在 { $function } 中失敗
finding-trap = 核函式執行了 `trap`（`__trap()`）：GPU 會在此處中止本次啟動（"unspecified launch failure"），程式之後的每個 CUDA 呼叫都會失敗
finding-bad-call-null = 透過空函式指標進行呼叫：GPU 會在此處停止本次啟動
finding-bad-call = 透過值為 { $pointer } 的函式指標進行呼叫，但它不指向核函式所在檔案中任何接受這些引數的函式：GPU 會在此處停止本次啟動
finding-inlined-too-large = 該核函式呼叫的函式內嵌後總計超過 { $limit } 條指令（存在遞迴？）：模擬器在此停止
finding-calls-too-deep = 函式呼叫巢狀超過 { $limit } 層（無限遞迴？）：本次啟動已被停止

## 不可移植的程式碼

finding-warpid = %warpid 是執行緒束在其 SM 上的槽位，而不是它在執行緒塊中的序號（GPU 會給出別的值，而且會變化）：請改用 threadIdx.x / warpSize
# hant: by hand (a processor's clock is 時脈 in Taiwan)
finding-unportable = { $at }{ $value }{ $used ->
        [branch] 決定了一個分支
        [guard] 決定了一條指令是否執行
        [address] 決定了一個位址
        [stored] 被儲存到了記憶體中
       *[atomic] 是一次原子操作的運算元
    }：GPU 的時脈、SM 編號和緩衝區位址都與模擬器的不同，因此核函式在那裡可能{ $used ->
        [branch] 走上另一條路徑
        [guard] 走上另一條路徑
        [address] 存取別的記憶體
       *[other] 寫入別的值
    }
finding-gpu-value-register = 從 { $register } 讀到的值
finding-gpu-value-buffer-address = 取得的緩衝區位址

## 讀取沒有執行緒寫入過的共享記憶體，以及讀到的值流向何處

finding-unwritten-read = 讀取了共享記憶體（{ $place }）{ $copy ->
        [yes] ，其中存放的是本執行緒塊中沒有任何執行緒寫入過的共享記憶體的副本
       *[no] ，而本執行緒塊中沒有任何執行緒寫入過它
    }；該值{ $at }流入了{ $used }
finding-unwritten-in-array = 偏移 { $offset }，位於 `{ $array }` 中
finding-unwritten-offset = 偏移 { $offset }
finding-use-global-store = 一次全域記憶體儲存
finding-use-store-address = 一次儲存操作的位址
finding-use-address = 一次記憶體存取的位址
finding-use-comparison = 一次比較（分支或條件）
finding-use-atomic = 一次原子操作
# hant: by hand (Taiwan follows a value with 追蹤)
finding-use-local-store = 本地記憶體（本地陣列或 printf 的引數），此後不再繼續追蹤
finding-used-on-the-same-line = 在同一行
finding-used-at-line = 在第 { $line } 行
finding-used-at-file-line = 在 { $file }:{ $line } 處
finding-used-at-ptx-line = 在 PTX 第 { $line } 行
