# Sourced by scripts/test, scripts/bench and .ci/run: the Debian packages they need, from
# the one list in scripts/debian-packages.

# True when the check of a list line holds: an absolute path (a glob may match) exists,
# else a command is on PATH; alternatives separated by "|" hold when one does.
installed() {
    local alternative alternatives
    IFS='|' read -r -a alternatives <<<"$1"
    for alternative in "${alternatives[@]}"; do
        if [ "${alternative#/}" != "$alternative" ]; then
            compgen -G "$alternative" >/dev/null && return 0
        else
            command -v "$alternative" >/dev/null 2>&1 && return 0
        fi
    done
    return 1
}

# Prints "package<TAB>why" for each package of the list that one of the groups given
# ("test", "ci", "bench") needs and that is not installed, each package once.
missing_packages() {
    local list package check groups why group wanted listed=" "
    list="$(dirname "${BASH_SOURCE[0]}")/../debian-packages"
    while read -r package check groups why; do
        case "$package" in '' | '#'*) continue ;; esac
        wanted=0
        for group in "$@"; do
            case ",$groups," in *",$group,"*) wanted=1 ;; esac
        done
        [ "$wanted" = 1 ] || continue
        case "$listed" in *" $package "*) continue ;; esac
        installed "$check" && continue
        listed+="$package "
        printf '%s\t%s\n' "$package" "$why"
    done <"$list"
}
