; crm://lead/{id} deep links (issue #17): the per-user NSIS installer registers the scheme for its user
; (SHELL_CONTEXT is HKCU for a per-user install) and removes it on uninstall.
!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\crm" "" "URL:${PRODUCT_NAME}"
  WriteRegStr SHELL_CONTEXT "Software\Classes\crm" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\crm\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\crm\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\crm"
!macroend
