// Language switcher for the translated book (tools/book-i18n --build adds it to all three builds:
// English at the site root, the translations in zh-Hans/ and zh-Hant/). The plain English build
// (`grader book`, `mdbook build`) does not load it, since it has no translations beside it.
(function () {
    "use strict";
    var languages = [["en", "English"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"]];
    var current = document.documentElement.lang || "en";
    var root = typeof path_to_root === "string" ? path_to_root : "";
    // This page's path relative to its own book: the part of the URL below the book's root.
    var base = new URL(root || "./", window.location.href);
    var page = window.location.href.slice(base.href.length) || "index.html";
    // The site's root: the English book; a translation sits one folder below it.
    var site = current === "en" ? base : new URL("../", base);
    var select = document.createElement("select");
    select.setAttribute("aria-label", "Language");
    select.className = "lang-switcher";
    // Styled here, not in course.css, so that the English book's files stay as they were.
    select.style.cssText = "margin:0 0.5em;font-size:1.4rem;color:var(--icons);" +
        "background:var(--bg);border:1px solid var(--icons);border-radius:4px;";
    languages.forEach(function (l) {
        var option = document.createElement("option");
        option.value = l[0];
        option.textContent = l[1];
        option.selected = l[0] === current;
        select.appendChild(option);
    });
    select.addEventListener("change", function () {
        var dir = select.value === "en" ? "" : select.value + "/";
        window.location.href = new URL(dir + page, site).href;
    });
    var buttons = document.querySelector("#menu-bar .right-buttons");
    if (buttons) {
        buttons.insertBefore(select, buttons.firstChild);
    }
})();
