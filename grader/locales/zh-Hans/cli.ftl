# The command line's help (`grader --help`, `grader <COMMAND> --help`). English: the very words
# of the doc comments clap derives the help from (grader/src/cli.rs, grader/src/commands/*.rs);
# a test keeps them equal (grader/src/cli/help.rs). `cli-<command>-about`: a command's line;
# `cli-<command>-<argument>`: an argument's help in that command, `cli-<argument>`: in every
# command that has no message of its own; `cli-value-<argument>-<value>`: a value's.

## 评分器及其命令。

cli-about = 为本课程的 CUDA 核函数评分（PMPP 第 7、8 章），无需 GPU
cli-grade-about = 为一个小节评分（`grader 7.4` 等同于 `grader grade 7.4`）
cli-all-about = 按课程顺序为每个小节评分
cli-list-about = 列出每个小节：标题、你的进度，以及你的核函数是否通过可见测试
cli-hint-about = 某个小节的下一条提示，或它的前 N 条提示
cli-watch-about = 每次保存 kernel.cu 时，重新为你正在做的小节评分
cli-reset-about = 把某个小节的初始代码放回原处（会先询问）
cli-book-about = 课程讲义的 HTML 版（用 mdBook 构建，首次使用时安装）；用 --open、--serve 阅读
cli-verify-about = 面向教师：每个参考答案都通过，每份初始代码都失败，每个错误核函数都因其声明的原因而失败
cli-bundle-about = 面向教师：为一个小节生成 Gradescope 自动评分器的 zip 包
cli-prairielearn-about = 面向教师：由外部评分的 PrairieLearn 题目、其入口脚本，以及评分镜像的 Dockerfile
cli-time-about = 需要 GPU：在远大于 L2 缓存的输入上为核函数计时，并与设备内复制对比
cli-profile-about = 需要 GPU：为 Nsight Compute 启动一次度量用例，并以 JSON 输出模拟器的计数（tools/ncu-crosscheck）
cli-traffic-about = 在度量用例上逐行显示核函数的内存流量从何而来（无需 GPU）
cli-coverage-about = 面向维护者：对每个 CUDA 设备内置函数运行一个测试程序（grader/coverage/），并与 GPU 记录下的输出对比

## 帮助末尾：小节与示例。

# $ids: the sections' ids, separated by spaces.
cli-sections-line = 小节：{ $ids }（评分的选项见 `grader <SECTION> --help`）
cli-examples-heading = 示例：
cli-example-heading = 示例：
cli-section = 小节：{ $ids }
cli-sections = 小节：{ $ids }，或 all（全部）

## 各命令共用的参数。

cli-lang = 评分器使用的语言：en、zh-Hans、zh-Hant 或一个 locale（默认依次读取 LC_ALL、LC_MESSAGES、LANG）
cli-solutions = 为参考答案（solutions/<section>/kernel.cu）评分，而不是你的代码
cli-kernel = 把这个文件当作该小节的核函数来评分
cli-backend = 核函数在哪里运行：有可用的 GPU 就用 GPU（auto）、模拟器，或 GPU
cli-compiler = 用什么把 kernel.cu 编译成 PTX：有 NVRTC 或能安装时用 NVRTC（auto），否则用 clang；也可以指定其一
cli-card = 速度模型所针对的显卡：h100-sxm（没有 GPU 时的默认值）、h100-pcie、h200、a100-40gb、a100-80gb、l4、t4、rtx-4090、rtx-3090、rtx-3060-laptop。有 GPU 时为找到的那张卡
cli-seed = 隐藏测试的种子
cli-value-backend-auto = 有可用的 GPU 就用 GPU，否则用模拟器
cli-value-compiler-auto = 有 NVRTC 或能安装时用 NVRTC，否则用 clang

## 各命令自己的参数。

cli-grade-seed = 隐藏测试的种子（每次运行都会打印，以便重现失败）
cli-grade-results = 配合 --format gradescope 或 prairielearn：把 results.json 写到这里（默认：标准输出），即使核函数无法评分也会写
cli-grade-data = 配合 --format prairielearn：题目的 data.json；其中若有 `params.seed`，它就是隐藏测试的种子（否则用 --seed）
cli-grade-cases = 另外用这个 TOML/JSON 文件中教师的私有隐藏用例评分（格式见 grader/src/course/cases_file.rs）
cli-grade-variants = 另外测量该小节的其他配置（7.4：教科书的 32x32 分块配 9x9 滤波器，8x8 分块配 5x5 滤波器）
cli-value-format-gradescope = Gradescope 自动评分器的 results.json（见 --results）
cli-value-format-prairielearn = PrairieLearn 外部评分器的 results.json（见 --results 和 --data）
cli-all-solutions = 为参考答案评分，而不是你的核函数
cli-all-cases = 另外用这个 TOML/JSON 文件中教师的私有隐藏用例评分
cli-all-variants = 另外测量每个小节的其他配置
cli-list-solutions = 检查参考答案，而不是你的核函数
cli-hint-count = 显示几条提示（默认：比上次多一条）
cli-watch-seed = 隐藏测试的种子（默认：每次评分取一个新的）
cli-reset-yes = 不询问，直接恢复初始代码
cli-book-lang = 讲义的语言：en、zh-Hans、zh-Hant（或一个 locale，如 zh_TW.UTF-8），或 all（三种语言并列，带语言切换；译文在 zh-Hans/ 和 zh-Hant/ 中）。默认：评分器所用的语言
cli-book-out = HTML 写到哪里（默认：课程中的 target/book）：一个新的或空的文件夹，或之前构建过的讲义（mdBook 会先清空它）
cli-book-open = 构建完成后在浏览器中打开讲义（配合 --serve：打开所提供的讲义）
cli-book-serve = 然后在 http://localhost:PORT 上提供讲义，每次保存 docs/ 时重新构建并刷新（直到按 Ctrl-C）
cli-book-port = --serve 监听的端口
cli-verify-only = 只检查一组核函数（grader/<SUITE>/），不检查参考答案和初始代码
cli-value-only-wrong = 经典错误，每个都因其声明的原因而失败
cli-value-only-accepted = 学生各种写法的正确核函数：它们应当通过
cli-value-only-hostile = 试图作弊、窥探或让评分器崩溃的核函数
cli-bundle-output = 自动评分器 zip 包写到哪里（默认 autograder-<id>.zip）
cli-bundle-cases = 用来为每份提交评分的私有隐藏用例（TOML/JSON；现在就检查）
cli-prairielearn-out = 要写入的文件夹（questions/、serverFilesCourse/、Dockerfile 和一份 README）
cli-prairielearn-image = PrairieLearn 拉取的评分镜像：一个公开的 linux/amd64 镜像（Docker Hub、ghcr.io、quay.io、GitLab、ECR Public）
cli-prairielearn-cases = 为每份提交评分的私有隐藏用例（TOML/JSON；现在就检查），放进每道题的 tests/ 中
cli-prairielearn-timeout = 每道题的超时秒数，代替根据其参考答案测得的超时
cli-time-seed = 计时数据的种子（默认 7）
cli-time-write-docs = 另外把表格写入 docs/gpu-timing.md（该显卡自己的那一部分）
cli-time-card = 没有 GPU 时，速度模型所针对的显卡（默认 h100-sxm；`grade --help` 列出全部）
cli-time-unchecked = 也为未通过测试的核函数计时，且不在计时用例上检查其输出（速度模型的语料库，tools/gpu/speed-corpus.sh）；在模拟器上挂起、出错或停止的核函数仍不会启动
cli-time-timing-only = 与 `--unchecked` 一起使用：计时前不先在模拟器上评分（各行没有模型结果），用于已知能运行的列表（另一张显卡上的语料库：各行的模型结果来自一次没有 GPU 的运行，由 `tools/speed-corpus-merge` 合并）。隐藏选项：不供学生使用
cli-time-jsonl = 在标准输出上每行输出一个 JSON 对象，而不是表格
cli-time-list = 在一次运行中为这个文件列出的核函数计时，每行一个 `SECTION:FILE`（语料库：一个 CUDA 上下文，每个小节依次使用一个计时用例）
cli-profile-seed = 度量用例数据的种子（默认 7）
cli-traffic-compiler = 用什么把 kernel.cu 编译成 PTX
cli-traffic-seed = 度量用例数据的种子（默认 1）
cli-traffic-plane = 三维小节：图中显示的 z 平面（默认：中间那一层）
cli-traffic-svg = 另外把这些图以 SVG 文件写入这个目录
cli-traffic-block = 画出其分块和共享内存单元的线程块（默认：网格中间的那个）
cli-traffic-thread = 该线程块中要标出其窗口的线程（默认：线程块中间的那个）
cli-coverage-backend = 测试程序在哪里运行：模拟器（与记录下的 GPU 输出对比），或 GPU（与模拟器对比）
cli-coverage-record = 配合 --backend gpu：把 GPU 的输出写入 grader/coverage/recorded.json
cli-coverage-markdown = 另外把表格写成讲义的页面（docs/coverage.md）

## clap's own words, replaced in the rendered help.

cli-usage-heading = 用法：
cli-commands-heading = 命令：
cli-arguments-heading = 参数：
cli-options-heading = 选项：
cli-possible-values-heading = 可选值：
cli-help-flag = 显示帮助
cli-help-flag-short = 显示帮助（用 '--help' 查看完整说明）
cli-help-flag-long = 显示帮助（用 '-h' 只看摘要）
cli-help-command = 显示本帮助，或所给命令的帮助
cli-help-command-subcommand = 显示所给命令的帮助
cli-default = 默认：
cli-possible-values = 可选值：

## clap 的用法错误（未知的参数、缺少的值……），按错误的种类和上下文说出（英文用 clap 自己的，从不读取）。$arg、$value、$command：学生输入的原样。

cli-error-unknown-argument = 无法识别的参数 '{ $arg }'
cli-error-unknown-command = 无法识别的命令 '{ $command }'
cli-error-missing-value = '{ $arg }' 需要一个值，但没有给出
cli-error-invalid-value = '{ $arg }' 的值 '{ $value }' 无效
# $reason：值为什么不对（没有这一节、没有这张卡……），已是这种语言。
cli-error-invalid-value-because = '{ $arg }' 的值 '{ $value }' 无效：{ $reason }
cli-error-missing-arguments = 缺少以下必需的参数：
cli-error-missing-command = '{ $command }' 需要一个子命令，但没有给出
cli-error-too-many-values = '{ $arg }' 多出了值 '{ $value }'：它不再接受更多的值
cli-error-given-twice = 参数 '{ $arg }' 只能给出一次
cli-error-conflict = 参数 '{ $arg }' 不能与 '{ $other }' 一起使用
cli-error-unreadable = 无法读取这条命令行
# $names：学生可能想输入的一个或几个名字。
cli-tip-similar = 提示：有相近的名字：'{ $names }'
cli-tip-as-value = 提示：要把 '{ $arg }' 当作值传入，请用 '{ $how }'
cli-error-more = 更多信息请运行 '{ $help }'。
# --card：$known 列出各张卡的 id。
cli-error-no-card = 表中没有 `{ $card }` 这张卡：{ $known }
# clap 对数值范围的检查：$range 按 clap 的写法（10..=600）。
cli-error-not-in-range = { $value } 不在 { $range } 范围内
