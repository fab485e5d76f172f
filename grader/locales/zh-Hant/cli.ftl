# The command line's help (`grader --help`, `grader <COMMAND> --help`). English: the very words
# of the doc comments clap derives the help from (grader/src/cli.rs, grader/src/commands/*.rs);
# a test keeps them equal (grader/src/cli/help.rs). `cli-<command>-about`: a command's line;
# `cli-<command>-<argument>`: an argument's help in that command, `cli-<argument>`: in every
# command that has no message of its own; `cli-value-<argument>-<value>`: a value's.

## 評分器及其命令。

cli-about = 為本課程的 CUDA 核函式評分（PMPP 第 7、8 章），無需 GPU
cli-grade-about = 為一個小節評分（`grader 7.4` 等同於 `grader grade 7.4`）
cli-all-about = 按課程順序為每個小節評分
cli-list-about = 列出每個小節：標題、你的進度，以及你的核函式是否通過可見測試
cli-hint-about = 某個小節的下一條提示，或它的前 N 條提示
cli-watch-about = 每次儲存 kernel.cu 時，重新為你正在做的小節評分
cli-reset-about = 把某個小節的初始程式碼放回原處（會先詢問）
cli-book-about = 課程講義的 HTML 版（用 mdBook 建置，首次使用時安裝）；用 --open、--serve 閱讀
cli-verify-about = 面向教師：每個參考答案都通過，每份初始程式碼都失敗，每個錯誤核函式都因其宣告的原因而失敗
cli-bundle-about = 面向教師：為一個小節生成 Gradescope 自動評分器的 zip 包
cli-prairielearn-about = 面向教師：由外部評分的 PrairieLearn 題目、其入口指令碼，以及評分映像的 Dockerfile
cli-time-about = 需要 GPU：在遠大於 L2 快取的輸入上為核函式計時，並與裝置內複製對比
cli-profile-about = 需要 GPU：為 Nsight Compute 啟動一次度量案例，並以 JSON 輸出模擬器的計數（tools/ncu-crosscheck）
cli-traffic-about = 在度量案例上逐行顯示核函式的記憶體流量從何而來（無需 GPU）
cli-coverage-about = 面向維護者：對每個 CUDA 裝置內建函式執行一個測試程式（grader/coverage/），並與 GPU 記錄下的輸出對比

## 幫助末尾：小節與範例。

# $ids: the sections' ids, separated by spaces.
cli-sections-line = 小節：{ $ids }（評分的選項見 `grader <SECTION> --help`）
cli-examples-heading = 範例：
cli-example-heading = 範例：
cli-section = 小節：{ $ids }
cli-sections = 小節：{ $ids }，或 all（全部）

## 各命令共用的引數。

cli-lang = 評分器使用的語言：en、zh-Hans、zh-Hant 或一個 locale（預設依次讀取 LC_ALL、LC_MESSAGES、LANG）
cli-solutions = 為參考答案（solutions/<section>/kernel.cu）評分，而不是你的程式碼
cli-kernel = 把這個檔案當作該小節的核函式來評分
cli-backend = 核函式在哪裡執行：有可用的 GPU 就用 GPU（auto）、模擬器，或 GPU
cli-compiler = 用什麼把 kernel.cu 編譯成 PTX：有 NVRTC 或能安裝時用 NVRTC（auto），否則用 clang；也可以指定其一
cli-card = 速度模型所針對的顯示卡：h100-sxm（沒有 GPU 時的預設值）、h100-pcie、h200、a100-40gb、a100-80gb、l4、t4、rtx-4090、rtx-3090、rtx-3060-laptop。有 GPU 時為找到的那張卡
cli-seed = 隱藏測試的種子
cli-value-backend-auto = 有可用的 GPU 就用 GPU，否則用模擬器
cli-value-compiler-auto = 有 NVRTC 或能安裝時用 NVRTC，否則用 clang

## 各命令自己的引數。

cli-grade-seed = 隱藏測試的種子（每次執行都會列印，以便重現失敗）
cli-grade-results = 配合 --format gradescope 或 prairielearn：把 results.json 寫到這裡（預設：標準輸出），即使核函式無法評分也會寫
cli-grade-data = 配合 --format prairielearn：題目的 data.json；其中若有 `params.seed`，它就是隱藏測試的種子（否則用 --seed）
cli-grade-cases = 另外用這個 TOML/JSON 檔案中教師的私有隱藏案例評分（格式見 grader/src/course/cases_file.rs）
cli-grade-variants = 另外測量該小節的其他配置（7.4：教科書的 32x32 分塊配 9x9 濾波器，8x8 分塊配 5x5 濾波器）
cli-value-format-gradescope = Gradescope 自動評分器的 results.json（見 --results）
cli-value-format-prairielearn = PrairieLearn 外部評分器的 results.json（見 --results 和 --data）
cli-all-solutions = 為參考答案評分，而不是你的核函式
cli-all-cases = 另外用這個 TOML/JSON 檔案中教師的私有隱藏案例評分
cli-all-variants = 另外測量每個小節的其他配置
cli-list-solutions = 檢查參考答案，而不是你的核函式
cli-hint-count = 顯示幾條提示（預設：比上次多一條）
cli-watch-seed = 隱藏測試的種子（預設：每次評分取一個新的）
cli-reset-yes = 不詢問，直接恢復初始程式碼
cli-book-lang = 講義的語言：en、zh-Hans、zh-Hant（或一個 locale，如 zh_TW.UTF-8），或 all（三種語言並列，帶語言切換；譯文在 zh-Hans/ 和 zh-Hant/ 中）。預設：評分器所用的語言
cli-book-out = HTML 寫到哪裡（預設：課程中的 target/book）：一個新的或空的資料夾，或之前建置過的講義（mdBook 會先清空它）
cli-book-open = 建置完成後在瀏覽器中開啟講義（配合 --serve：開啟所提供的講義）
cli-book-serve = 然後在 http://localhost:PORT 上提供講義，每次儲存 docs/ 時重新建置並重新整理（直到按 Ctrl-C）
cli-book-port = --serve 監聽的埠
cli-verify-only = 只檢查一組核函式（grader/<SUITE>/），不檢查參考答案和初始程式碼
cli-value-only-wrong = 經典錯誤，每個都因其宣告的原因而失敗
cli-value-only-accepted = 學生各種寫法的正確核函式：它們應當通過
cli-value-only-hostile = 試圖作弊、窺探或讓評分器崩潰的核函式
cli-bundle-output = 自動評分器 zip 包寫到哪裡（預設 autograder-<id>.zip）
cli-bundle-cases = 用來為每份提交評分的私有隱藏案例（TOML/JSON；現在就檢查）
cli-prairielearn-out = 要寫入的資料夾（questions/、serverFilesCourse/、Dockerfile 和一份 README）
cli-prairielearn-image = PrairieLearn 拉取的評分映像：一個公開的 linux/amd64 映像（Docker Hub、ghcr.io、quay.io、GitLab、ECR Public）
cli-prairielearn-cases = 為每份提交評分的私有隱藏案例（TOML/JSON；現在就檢查），放進每道題的 tests/ 中
cli-prairielearn-timeout = 每道題的超時秒數，代替根據其參考答案測得的超時
cli-time-seed = 計時資料的種子（預設 7）
cli-time-write-docs = 另外把表格寫入 docs/gpu-timing.md（該顯示卡自己的那一部分）
cli-time-card = 沒有 GPU 時，速度模型所針對的顯示卡（預設 h100-sxm；`grade --help` 列出全部）
cli-time-unchecked = 也為未通過測試的核函式計時，且不在計時案例上檢查其輸出（速度模型的語料庫，tools/gpu/speed-corpus.sh）；在模擬器上掛起、出錯或停止的核函式仍不會啟動
cli-time-timing-only = 與 `--unchecked` 一起使用：計時前不先在模擬器上評分（各行沒有模型結果），用於已知能執行的列表（另一張顯示卡上的語料庫：各行的模型結果來自一次沒有 GPU 的執行，由 `tools/speed-corpus-merge` 合併）。隱藏選項：不供學生使用
cli-time-jsonl = 在標準輸出上每行輸出一個 JSON 物件，而不是表格
cli-time-list = 在一次執行中為這個檔案列出的核函式計時，每行一個 `SECTION:FILE`（語料庫：一個 CUDA 上下文，每個小節依次使用一個計時案例）
cli-profile-seed = 度量案例資料的種子（預設 7）
cli-traffic-compiler = 用什麼把 kernel.cu 編譯成 PTX
cli-traffic-seed = 度量案例資料的種子（預設 1）
cli-traffic-plane = 三維小節：圖中顯示的 z 平面（預設：中間那一層）
cli-traffic-svg = 另外把這些圖以 SVG 檔案寫入這個目錄
cli-traffic-block = 畫出其分塊和共享記憶體單元的執行緒塊（預設：網格中間的那個）
cli-traffic-thread = 該執行緒塊中要標出其視窗的執行緒（預設：執行緒塊中間的那個）
cli-coverage-backend = 測試程式在哪裡執行：模擬器（與記錄下的 GPU 輸出對比），或 GPU（與模擬器對比）
cli-coverage-record = 配合 --backend gpu：把 GPU 的輸出寫入 grader/coverage/recorded.json
cli-coverage-markdown = 另外把表格寫成講義的頁面（docs/coverage.md）

## clap's own words, replaced in the rendered help.

cli-usage-heading = 用法：
cli-commands-heading = 命令：
cli-arguments-heading = 引數：
cli-options-heading = 選項：
cli-possible-values-heading = 可選值：
cli-help-flag = 顯示幫助
cli-help-flag-short = 顯示幫助（用 '--help' 檢視完整說明）
cli-help-flag-long = 顯示幫助（用 '-h' 只看摘要）
cli-help-command = 顯示本幫助，或所給命令的幫助
cli-help-command-subcommand = 顯示所給命令的幫助
cli-default = 預設：
cli-possible-values = 可選值：

## clap 的用法錯誤（未知的引數、缺少的值……），按錯誤的種類和上下文說出（英文用 clap 自己的，從不讀取）。$arg、$value、$command：學生輸入的原樣。

cli-error-unknown-argument = 無法識別的引數 '{ $arg }'
cli-error-unknown-command = 無法識別的命令 '{ $command }'
cli-error-missing-value = '{ $arg }' 需要一個值，但沒有給出
cli-error-invalid-value = '{ $arg }' 的值 '{ $value }' 無效
# $reason：值為什麼不對（沒有這一節、沒有這張卡……），已是這種語言。
cli-error-invalid-value-because = '{ $arg }' 的值 '{ $value }' 無效：{ $reason }
cli-error-missing-arguments = 缺少以下必需的引數：
cli-error-missing-command = '{ $command }' 需要一個子命令，但沒有給出
cli-error-too-many-values = '{ $arg }' 多出了值 '{ $value }'：它不再接受更多的值
cli-error-given-twice = 引數 '{ $arg }' 只能給出一次
cli-error-conflict = 引數 '{ $arg }' 不能與 '{ $other }' 一起使用
cli-error-unreadable = 無法讀取這條命令列
# $names：學生可能想輸入的一個或幾個名字。
cli-tip-similar = 提示：有相近的名字：'{ $names }'
cli-tip-as-value = 提示：要把 '{ $arg }' 當作值傳入，請用 '{ $how }'
cli-error-more = 更多資訊請執行 '{ $help }'。
# --card：$known 列出各張卡的 id。
cli-error-no-card = 表中沒有 `{ $card }` 這張卡：{ $known }
# clap 對數值範圍的檢查：$range 按 clap 的寫法（10..=600）。
cli-error-not-in-range = { $value } 不在 { $range } 範圍內
