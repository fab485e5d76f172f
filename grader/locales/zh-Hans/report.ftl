# 一个小节的文本报告：标题、测试、发现、度量与目标。

lang-name = 简体中文

error-label = 错误：
lang-unknown = --lang { $given }：本课程支持 { $tags }（或 zh_TW.UTF-8 这样的区域设置）
