# The student's commands (grade, all, list, hint, watch, reset) and the grader's own errors
# (usage, the course's files, progress). clap's own messages and --help texts stay English.

## Sections and the course's files

cmd-unknown-section = 没有小节 `{ $id }`。现有小节：{ $sections }
cmd-or-a-command = { $message }（或者是一个命令：{ $commands }；见 `grader --help`）
cmd-kernel-not-found = 找不到核函数文件：{ $path }
cmd-no-working-dir = 无法读取工作目录：{ $error }
cmd-no-course = 从 { $dir } 向上找不到课程的文件（一个包含 Cargo.toml 和 exercises/ 的目录）
cmd-cannot-write-json = 无法写出 JSON 报告：{ $error }
cmd-note = 注意：{ $message }

## Progress (.progress.json) and where a section stands

cmd-progress-damaged = { $path } 已损坏（{ $error }）；删除它即可从头开始记录进度
cmd-cannot-encode-progress = 无法编码进度：{ $error }
cmd-progress-not-saved = 注意：进度未保存：{ $error }
cmd-place-done = 已完成
cmd-place-done-no-gpu = 已完成（无 GPU）
cmd-place-current = 当前
cmd-place-tried = 已尝试
cmd-place-not-started = 未开始

## reset

cmd-no-stub = 评分器中没有内置小节 { $id } 的初始代码
cmd-reset-ask = 用原始的初始代码替换 { $path }？你的修改将会丢失。[y/N]
cmd-cannot-read-answer = 无法读取回答：{ $error }
cmd-reset-kept = { $path } 保持不变。
cmd-reset-done = 已将 { $path } 恢复为初始代码；小节 { $id } 的进度和提示从头开始。

## hint

cmd-hint-count = 提示数必须是正整数，例如 `hint 7.4 2`

## grade

cmd-results-needs-platform = --results 指定课程平台的 results.json 写到哪里：请加上 `--format gradescope` 或 `--format prairielearn`
cmd-data-needs-prairielearn = --data 是 PrairieLearn 的 data.json：请加上 `--format prairielearn`
cmd-platform-unknown-section = 没有小节 `{ $id }`（{ $mode } 模式评分以下之一：{ $sections }）
cmd-could-not-grade = 自动评分器无法为这次提交评分：{ $error }
cmd-cannot-encode-results = 无法编码结果：{ $error }
cmd-nothing-submitted = 没有提交 kernel.cu（查找的位置：{ $path }）。

## list

cmd-list-solutions = 参考答案
cmd-list-yours = 你的核函数
cmd-list-header = 小节（{ $which }；快速检查：只运行可见测试 —— 用 `cargo run -p grader -- <id>` 为单个小节评分）
cmd-list-no-kernel = 没有 kernel.cu
cmd-list-passes = ✓ 通过可见测试
cmd-list-does-not-compile = ✗ 无法编译
cmd-list-not-yet = ✗ 尚未通过

## watch

cmd-watch-keys = 正在监视保存 · f 完整报告 · c 简要报告 · h 提示 · l 列表 · n 下一小节 · q 退出
cmd-watch-sections = 小节
cmd-cannot-watch-files = 无法监视文件：{ $error }
cmd-cannot-watch = 无法监视 { $path }：{ $error }
cmd-watch-all-passed = 所有小节都已通过。用 `cargo run -p grader -- watch <id>` 再次监视某一小节。
cmd-watch-grading = 正在为 { $id } 评分…
cmd-watch-next = 小节 { $done } 已通过。下一节：{ $id } { $title } —— 编辑 { $path }
cmd-watch-course-done = 这是最后一个小节：课程已全部完成。
cmd-watch-no-next = 这是最后一个小节，后面没有了

# The `hint` command's frame around a section's hints.

hint-none = 这个小节没有提示
hint-number = 提示 { $index }/{ $count }：{ $hint }
hint-number-last = 提示 { $index }/{ $count }（解法的思路）：{ $hint }
hint-another = 下一条提示：{ $command }
hint-last = 这是最后一条提示；本节在课程讲义中的章节：{ $command }
hint-note = （注意：{ $message }）

## time, without a GPU: the speed model's table
cmd-time-no-gpu = 没有 GPU（{ $why }）：以下是速度模型针对 { $card } 的数字，来自模拟器的计数
cmd-time-modelling = 正在为 { $section }（{ $file }）建模…
cmd-time-row-no-gpu = 没有 GPU
cmd-time-row-not-graded = 未评判：{ $error }
cmd-time-model-header = 速度模型，不是实测：{ $card }（{ $sms } 个 SM，{ $ghz } GHz，DRAM { $tbps } TB/s，复制 { $copy } GB/s），模拟器的计数按比例换算到计时用例。“至多”：具有这些计数的核函数不可能更快（并指出是哪种资源）；“估计”：模型的估计值及其在课程语料库上的误差。
cmd-time-model-columns = | 小节 | 核函数 | 至多为复制的 % | 受限于 | 估计为复制的 % | 误差（中位数，最大） |
cmd-time-model-line = ，第 { $line } 行
cmd-time-no-model = 没有模型
