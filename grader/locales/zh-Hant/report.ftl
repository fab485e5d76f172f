# 一個小節的文字報告：標題、測試、發現、度量與目標。

# hant: by hand (the language's own name)
lang-name = 繁體中文

error-label = 錯誤：
lang-unknown = --lang { $given }：本課程支援 { $tags }（或 zh_TW.UTF-8 這樣的區域設定）
