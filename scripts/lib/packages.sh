# Sourced by scripts/test, scripts/bench and .ci/run: the Debian packages they need, from
# the one list in scripts/debian-packages.

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
        if [ "${check#/}" != "$check" ]; then
            compgen -G "$check" >/dev/null && continue
        else
            command -v "$check" >/dev/null 2>&1 && continue
        fi
        listed+="$package "
        printf '%s\t%s\n' "$package" "$why"
    done <"$list"
}
